// Where the receipt printer is, as one address a person types in Settings or sets with
// TILLSYNC_PRINTER: a network printer (tcp://HOST:9100), a serial or USB-serial port
// (serial:///dev/ttyUSB0?baud=19200, serial://COM3 on Windows) or an OS print queue
// (system://QUEUE). Parsed here once for every process; a bad one is refused in words.
import { fail, ok, type Result } from './result.js';
import { said } from './i18n/said.js';

export type PrinterAddress =
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'serial'; path: string; baudRate: number }
  | { kind: 'system'; queue: string };

export const DEFAULT_PRINTER_PORT = 9100;
export const DEFAULT_BAUD_RATE = 9600;
/** What serial printers and their USB adapters offer. */
export const BAUD_RATES = [2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;

const FORMS = 'tcp://HOST:9100, serial:///dev/ttyUSB0?baud=9600 or system://QUEUE';
type Why =
  | { why: 'queue' | 'tcp' | 'port' | 'serialPort' }
  | { why: 'form'; forms: string }
  | { why: 'param'; param: string }
  | { why: 'baud'; baud: string; rates: string };
// The catalog's select words each reason (field.printer.address), English for the message.
const problem = (text: string, why: Why) =>
  fail({ code: 'invalid_printer', ...said('field.printer.address', { text, ...why }) });

/** A printer address from its text; the error says which part is wrong and the forms allowed. */
export function parsePrinterAddress(input: string): Result<PrinterAddress> {
  const text = input.trim();
  const scheme = /^([a-z]+):\/\//i.exec(text)?.[1]?.toLowerCase();
  const rest = scheme === undefined ? '' : text.slice(scheme.length + 3);
  switch (scheme) {
    case 'tcp':
      return tcpAddress(text, rest);
    case 'serial':
      return serialAddress(text, rest);
    case 'system':
      if (!/^[\w.@-]{1,127}$/.test(rest)) return problem(text, { why: 'queue' });
      return ok({ kind: 'system', queue: rest });
    default:
      return problem(text, { why: 'form', forms: FORMS });
  }
}

function tcpAddress(text: string, rest: string): Result<PrinterAddress> {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?\/?$/i.exec(rest);
  if (!match) return problem(text, { why: 'tcp' });
  const port = match[2] === undefined ? DEFAULT_PRINTER_PORT : Number(match[2]);
  if (port < 1 || port > 65535) return problem(text, { why: 'port' });
  return ok({ kind: 'tcp', host: match[1]!.replace(/^\[|\]$/g, ''), port });
}

function serialAddress(text: string, rest: string): Result<PrinterAddress> {
  const [path = '', query = ''] = rest.split('?', 2);
  if (!/^(\/[\w./-]+|COM\d{1,3})$/i.test(path)) return problem(text, { why: 'serialPort' });
  const params = new URLSearchParams(query);
  const unknown = [...params.keys()].find((key) => key !== 'baud');
  if (unknown !== undefined) return problem(text, { why: 'param', param: unknown });
  const baud = params.get('baud');
  const baudRate = baud === null ? DEFAULT_BAUD_RATE : Number(baud);
  if (!(BAUD_RATES as readonly number[]).includes(baudRate))
    return problem(text, { why: 'baud', baud: String(baud), rates: BAUD_RATES.join(', ') });
  return ok({ kind: 'serial', path, baudRate });
}

/** The address as text again (what Settings and the status show). */
export function printerAddressText(address: PrinterAddress): string {
  switch (address.kind) {
    case 'tcp':
      return `tcp://${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;
    case 'serial':
      return `serial://${address.path}?baud=${address.baudRate}`;
    case 'system':
      return `system://${address.queue}`;
  }
}
