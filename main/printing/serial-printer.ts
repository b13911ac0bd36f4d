// Serial and USB-serial (CDC) receipt printers: serial:///dev/ttyUSB0?baud=19200 or
// serial://COM3. A piece counts as taken once the port drained it (the OS sent it down the
// wire); status is asked over the same port, which every ESC/POS serial printer answers.
import type { SerialPort } from 'serialport';
import type { PrinterAddress } from '../../domain/printer-address.js';
import type { LinkSettings, PrinterLink } from './printer-link.js';
import { printerProblem, type PrinterProblem } from './printer-problem.js';
import { DEFAULT_PIECE, streamLink } from './stream-link.js';

type SerialAddress = Extract<PrinterAddress, { kind: 'serial' }>;

// The port's errors come as sentences from the OS: these are the ones a cashier can fix.
const PORT_ERRORS: Array<[RegExp, PrinterProblem['code'], string]> = [
  [
    /no such file|ENOENT|cannot find|not found/i,
    'unreachable',
    'no port by that name: check the cable',
  ],
  [
    /permission denied|EACCES|access denied/i,
    'refused',
    'this computer user may not open the port (on Linux: the dialout group)',
  ],
  [/busy|EBUSY|lock/i, 'refused', 'another program has the port open'],
  [/baud/i, 'refused', 'the port does not take that baud rate'],
];

function portProblem(address: SerialAddress, error: Error): PrinterProblem {
  const known = PORT_ERRORS.find(([pattern]) => pattern.test(error.message));
  const [, code, words] = known ?? [undefined, 'unreachable' as const, error.message];
  return printerProblem(code, address, words, error);
}

async function openWithin(address: SerialAddress, settings: LinkSettings): Promise<SerialPort> {
  // Loaded the first time a serial printer is used: a native module of 10 MB that a till
  // printing over the network, or not at all, never needs.
  const { SerialPort } = await import('serialport');
  const port = new SerialPort({
    path: address.path,
    baudRate: address.baudRate,
    autoOpen: false,
  });
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = settings.timers.after(
      settings.timeoutMs,
      () => {
        late = true;
        const words = `the port did not open in ${settings.timeoutMs} ms`;
        reject(printerProblem('unreachable', address, words));
      },
      { background: true },
    );
    port.open((error) => {
      timer.cancel();
      // Opened after we gave up: nobody will use it, so let it go.
      if (late) return void (port.isOpen && port.close(() => undefined));
      if (error) reject(portProblem(address, error));
      else resolve(port);
    });
  });
}

/**
 * Bytes per piece: a quarter of what the line carries in the timeout (10 bits a byte), so
 * a healthy printer at 9600 baud never looks stalled, and a stalled one shows in time.
 */
export function serialPiece(baudRate: number, timeoutMs: number): number {
  const perTimeout = Math.floor(((baudRate / 10) * timeoutMs) / 1000 / 4);
  return Math.max(16, Math.min(DEFAULT_PIECE, perTimeout));
}

/** An open link to a serial printer; rejects with unreachable or refused. */
export async function openSerialPrinter(
  address: SerialAddress,
  settings: LinkSettings,
): Promise<PrinterLink> {
  const port = await openWithin(address, settings);
  const link = streamLink(
    address,
    {
      send: (chunk, done) =>
        void port.write(chunk, (error) => (error ? done(error) : port.drain(done))),
      destroy: () =>
        new Promise<void>((resolve) => {
          if (!port.isOpen) return resolve();
          port.close(() => resolve());
        }),
    },
    settings,
    (error) => portProblem(address, error),
    serialPiece(address.baudRate, settings.timeoutMs),
  );
  port.on('data', (chunk: Buffer) => link.received(chunk));
  port.on('error', (error: Error) => link.lost(portProblem(address, error)));
  port.on('close', () => link.lost(printerProblem('unreachable', address, 'the port closed')));
  return link;
}
