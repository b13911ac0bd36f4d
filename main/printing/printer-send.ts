// One job to the printer: connect, read its status (a printer out of paper or with its
// cover open is not sent the job), send every byte, read the status again (paper that ran
// out during the job means it prints again whole), let go. Every failure is a Result with
// a cashier's sentence; nothing here waits longer than the timeout it is given.
import { messageOf } from '../../domain/errors.js';
import { said } from '../../domain/i18n/said.js';
import type { PrinterAddress } from '../../domain/printer-address.js';
import { printerBlocked, type PrinterStatus } from '../../domain/printer-status.js';
import { fail, ok, type Result } from '../../domain/result.js';
import { openPrinter, type PrinterLink, type PrinterLinkOptions } from './printer-link.js';
import { isPrinterProblem } from './printer-problem.js';

export type OpenPrinter = typeof openPrinter;

/** How long the printer has to connect, answer or take more bytes. */
export const PRINTER_TIMEOUT_MS = 5000;

export interface SendOptions {
  /**
   * Ask the printer's status before and after the job (ESC/POS DLE EOT). Star printers in
   * StarPRNT or Star Line mode do not answer it: their job counts as printed once sent.
   */
  readsStatus?: boolean;
}

async function withLink<T>(
  address: PrinterAddress,
  options: PrinterLinkOptions,
  use: (link: PrinterLink) => Promise<Result<T>>,
  open: OpenPrinter = openPrinter,
): Promise<Result<T>> {
  let link: PrinterLink | undefined;
  try {
    link = await open(address, options);
    return await use(link);
  } catch (error) {
    if (isPrinterProblem(error)) return fail(error.toAppError());
    // The cause's own words (English, as the runtime gave them) inside the till's sentence.
    return fail({
      code: 'printer_failed',
      ...said('printer.problem.failed', { detail: messageOf(error) }),
    });
  } finally {
    await link?.close().catch(() => {});
  }
}

/**
 * Sends a job; the printer's status after it (null where the transport cannot read it).
 * A printer that says before the job that it cannot print (printerBlocked) is not sent
 * it: its status is the answer, and the caller does not count the job as printed.
 */
export function sendToPrinter(
  address: PrinterAddress,
  bytes: Uint8Array,
  options: PrinterLinkOptions & SendOptions,
  open?: OpenPrinter,
): Promise<Result<PrinterStatus | null>> {
  const asks = options.readsStatus ?? true;
  return withLink(
    address,
    options,
    async (link) => {
      const before = asks ? await link.status() : null;
      if (before && printerBlocked(before)) return ok(before);
      await link.write(bytes);
      // Over a network the kernel takes a small job even from a printer that is not reading:
      // the status's answer comes only after the printer read every byte before it.
      return ok(asks ? await link.status() : null);
    },
    open,
  );
}

/** Only the printer's status (`tillsync printer status`, Settings). */
export function readPrinterStatus(
  address: PrinterAddress,
  options: PrinterLinkOptions,
  open?: OpenPrinter,
): Promise<Result<PrinterStatus | null>> {
  return withLink(address, options, async (link) => ok(await link.status()), open);
}
