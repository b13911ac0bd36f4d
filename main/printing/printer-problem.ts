// Every way talking to a receipt printer can fail, as one error with a stable code (for the
// print queue's retry and the status line) and a sentence a cashier can act on: it names the
// printer by its address, points at the setting, and says what to check. The sentence is
// English (JSON, logs) with its catalog key (`say`), so a screen says it in the till's language.
import type { MessageKey } from '../../domain/i18n/messages.js';
import { said } from '../../domain/i18n/said.js';
import type { AppError, Said } from '../../domain/result.js';
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

/** A failure talking to a printer: an Error (to reject with) that is also an AppError. */
export class PrinterProblem extends Error implements AppError {
  override readonly name = 'PrinterProblem';
  /** The sentence as a catalog key and its values. */
  readonly say: Said | undefined;
  constructor(
    readonly code: PrinterProblemCode,
    message: string,
    /** The printer address, as text. */
    readonly printer: string,
    options?: { cause?: unknown; say?: Said },
  ) {
    super(message, options);
    this.say = options?.say;
  }

  /** The problem as the AppError a Result carries across IPC, HTTP and the CLI. */
  toAppError(): AppError {
    return { code: this.code, message: this.message, ...(this.say ? { say: this.say } : {}) };
  }
}

export const isPrinterProblem = (error: unknown): error is PrinterProblem =>
  error instanceof PrinterProblem;

// One sentence per code (catalog area printer); `detail` is the transport's own words where
// they help, in English as the transport gave them.
const SENTENCES = {
  unreachable: 'printer.problem.unreachable',
  refused: 'printer.problem.refused',
  timeout: 'printer.problem.timeout',
  no_answer: 'printer.problem.noAnswer',
  garbage: 'printer.problem.garbage',
  queue_failed: 'printer.problem.queueFailed',
  unsupported: 'printer.problem.unsupported',
} as const satisfies Record<PrinterProblemCode, MessageKey>;

/** The problem with its sentence; `detail` (short, no final stop) goes in brackets. */
export function printerProblem(
  code: PrinterProblemCode,
  address: PrinterAddress,
  detail?: string,
  cause?: unknown,
): PrinterProblem {
  const printer = printerAddressText(address);
  const bracketed = detail ? ` (${detail})` : '';
  const { message, say } = said(SENTENCES[code], { printer, detail: bracketed });
  return new PrinterProblem(code, message, printer, { cause, say });
}
