// The fake ESC/POS printer behind a serial port: socat makes a pseudo-terminal pair, the
// till opens one end (DIR/printer, as it would /dev/ttyUSB0) and the fake reads and answers
// on the other (DIR/device). socat is killed after each test.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { afterEach } from 'vitest';
import type { PrinterAddress } from '../../domain/printer-address.js';
import type { PrinterStatus } from '../../domain/printer-status.js';
import { FakePrinterDevice, type FakeBehaviour } from './fake-printer-device.js';
import { tempDir } from './temp-dir.js';

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

export interface FakeSerialPrinter {
  address: Extract<PrinterAddress, { kind: 'serial' }>;
  /** serial://DIR/printer?baud=N */
  text: string;
  device: FakePrinterDevice;
  setStatus(patch: Partial<PrinterStatus>): void;
  /** normal, silent, garbage or stall (the fake stops reading its end). */
  behave(behaviour: Exclude<FakeBehaviour, 'refuse' | 'drop'>): void;
  received(): Buffer;
  printed(): Buffer;
  /** The cable pulled: socat is killed, both ends go away. */
  unplug(): Promise<void>;
  close(): Promise<void>;
}

function startSocat(dir: string): Promise<ChildProcess> {
  const ends = ['printer', 'device'].map((name) => `pty,raw,echo=0,link=${join(dir, name)}`);
  const socat = spawn('socat', ['-d', '-d', ...ends], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error(`socat did not start: ${said}`)), 5000);
    socat.once('error', reject);
    socat.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('starting data transfer loop')) {
        clearTimeout(timer);
        resolve(socat);
      }
    });
    socat.once('exit', (code) => reject(new Error(`socat quit (${code}): ${said}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export async function fakeSerialPrinter(
  options: { baudRate?: number; status?: Partial<PrinterStatus> } = {},
): Promise<FakeSerialPrinter> {
  const baudRate = options.baudRate ?? 9600;
  const dir = tempDir('tillsync-serial-');
  const socat = await startSocat(dir);
  if (!existsSync(join(dir, 'device'))) throw new Error('socat made no device end');
  const device = new FakePrinterDevice();
  Object.assign(device.status, options.status);
  const port = new SerialPort({ path: join(dir, 'device'), baudRate, autoOpen: false });
  await new Promise<void>((resolve, reject) =>
    port.open((error) => (error ? reject(error) : resolve())),
  );
  port.on('error', () => undefined); // the far end goes away on unplug
  const connection = device.connect();
  port.on('data', (chunk: Buffer) => {
    const { answer } = connection.take(chunk);
    if (answer.length > 0) port.write(answer);
  });

  const closePort = () =>
    new Promise<void>((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve()));
  const printer: FakeSerialPrinter = {
    address: { kind: 'serial', path: join(dir, 'printer'), baudRate },
    text: `serial://${join(dir, 'printer')}?baud=${baudRate}`,
    device,
    setStatus: (patch) => void Object.assign(device.status, patch),
    behave(behaviour) {
      device.behaviour = behaviour;
      if (behaviour === 'stall') port.pause();
      else port.resume();
    },
    received: () => device.received(),
    printed: () => device.printed(),
    unplug: () => stop(socat),
    async close() {
      await closePort();
      await stop(socat);
    },
  };
  open.push(() => printer.close());
  return printer;
}
