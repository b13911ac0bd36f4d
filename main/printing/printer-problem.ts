// Every way talking to a receipt printer can fail, as one error with a stable code (for the
// print queue's retry and the status line) and a sentence a cashier can act on: it names the
// printer by its address, points at the setting, and says what to check.
import type { AppError } from '../../domain/result.js';
import { printerAddressText, type PrinterAddress } from '../../domain/printer-address.js';

export const PRINTER_PROBLEM_CODES = [
  /** No connection: no such host or port device, no route, or no answer to connect. */
  'unreachable',
  /** The printer (or the computer) said no: connection refused, port busy or not allowed. */
  'refused',
  /** The printer stopped taking bytes in the middle of a job. */
  'timeout',
  /** The printer took bytes but did not answer a status query. */
  'no_answer',
  /** The printer answered a status query with bytes that are not ESC/POS status. */
  'garbage',
  /** The OS print queue did not take the job. */
  'queue_failed',
  /** This kind of address cannot be used on this computer. */
  'unsupported',
] as const;

export type PrinterProblemCode = (typeof PRINTER_PROBLEM_CODES)[number];

/** Where a cashier changes the printer (named in every problem's message). */
export const PRINTER_SETTING = 'the printer address in Settings';

/** A failure talking to a printer: an Error (to reject with) that is also an AppError. */
export class PrinterProblem extends Error implements AppError {
  override readonly name = 'PrinterProblem';
  constructor(
    readonly code: PrinterProblemCode,
    message: string,
    /** The printer address, as text. */
    readonly printer: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The problem as the AppError a Result carries across IPC, HTTP and the CLI. */
  toAppError(): AppError {
    return { code: this.code, message: this.message };
  }
}

export const isPrinterProblem = (error: unknown): error is PrinterProblem =>
  error instanceof PrinterProblem;

type Why = (printer: string, detail: string) => string;

// One sentence per code; `detail` is the transport's own words where they help.
const SENTENCES: Record<PrinterProblemCode, Why> = {
  unreachable: (printer, detail) =>
    `The printer at ${printer} does not answer${detail}: check that it is on and connected (network or cable), and ${PRINTER_SETTING}.`,
  refused: (printer, detail) =>
    `The printer at ${printer} refused the connection${detail}: check the port in ${PRINTER_SETTING} and that nothing else is printing to it.`,
  timeout: (printer, detail) =>
    `The printer at ${printer} stopped taking the receipt${detail}: check its paper, its cover and its connection.`,
  no_answer: (printer, detail) =>
    `The printer at ${printer} does not answer status questions${detail}: check that it is on and that ${PRINTER_SETTING} names an ESC/POS receipt printer.`,
  garbage: (printer, detail) =>
    `The printer at ${printer} answered with bytes that are not an ESC/POS status${detail}: check that ${PRINTER_SETTING} names an ESC/POS receipt printer and, for serial, its baud rate.`,
  queue_failed: (printer, detail) =>
    `The print queue ${printer} did not take the receipt${detail}: check the queue's name in ${PRINTER_SETTING} and that the queue is on.`,
  unsupported: (printer, detail) =>
    `Printing to ${printer} is not supported on this computer${detail}: set ${PRINTER_SETTING} to tcp://HOST:9100 or serial://PORT.`,
};

/** The problem with its sentence; `detail` (short, no final stop) goes in brackets. */
export function printerProblem(
  code: PrinterProblemCode,
  address: PrinterAddress,
  detail?: string,
  cause?: unknown,
): PrinterProblem {
  const printer = printerAddressText(address);
  const bracketed = detail ? ` (${detail})` : '';
  return new PrinterProblem(code, SENTENCES[code](printer, bracketed), printer, { cause });
}
