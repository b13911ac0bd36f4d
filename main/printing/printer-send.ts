// One job to the printer: connect, read its status (a printer out of paper or with its
// cover open is not sent the job), send every byte, read the status again (paper that ran
// out during the job means it prints again whole), let go. Every failure is a Result with
// a cashier's sentence; nothing here waits longer than the timeout it is given.
import { messageOf } from '../../domain/errors.js';
import type { PrinterAddress } from '../../domain/printer-address.js';
import { printerBlocked, type PrinterStatus } from '../../domain/printer-status.js';
import { fail, ok, type Result } from '../../domain/result.js';
import { openPrinter, type PrinterLink, type PrinterLinkOptions } from './printer-link.js';
import { isPrinterProblem } from './printer-problem.js';

export type OpenPrinter = typeof openPrinter;

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
    return fail({ code: 'printer_failed', message: `Printing failed: ${messageOf(error)}.` });
  } finally {
    await link?.close().catch(() => {});
  }
}

/** Sends a job; the printer's status after it (null where the transport cannot read it). */
export function sendToPrinter(
  address: PrinterAddress,
  bytes: Uint8Array,
  options: PrinterLinkOptions,
  open?: OpenPrinter,
): Promise<Result<PrinterStatus | null>> {
  return withLink(
    address,
    options,
    async (link) => {
      const before = await link.status();
      const blocked = before && printerBlocked(before);
      if (blocked) return fail({ code: 'printer_not_ready', message: blocked });
      await link.write(bytes);
      return ok(await link.status());
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
