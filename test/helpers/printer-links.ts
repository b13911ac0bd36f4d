// Links to the fake printers for the transport tests: each closed after its test, and the
// PrinterProblem a failing call rejects with, with how long it took to say so.
import { afterEach } from 'vitest';
import {
  openPrinter,
  type PrinterLink,
  type PrinterLinkOptions,
} from '../../main/printing/printer-link.js';
import { isPrinterProblem } from '../../main/printing/printer-problem.js';

const links: PrinterLink[] = [];
afterEach(async () => {
  await Promise.all(links.splice(0).map((link) => link.close()));
});

/** A link to `address` with a short timeout (or the options given), closed after the test. */
export async function open(
  address: Parameters<typeof openPrinter>[0],
  timeoutMs = 2000,
  options: Partial<PrinterLinkOptions> = {},
) {
  const link = await openPrinter(address, { timeoutMs, ...options });
  links.push(link);
  return link;
}

/** The PrinterProblem `work` rejects with, and how long that took. */
export async function problemOf(work: Promise<unknown>) {
  const started = performance.now();
  const error = await work.then(
    () => new Error('it did not fail'),
    (error: unknown) => error,
  );
  if (!isPrinterProblem(error)) throw error;
  return { problem: error, ms: performance.now() - started };
}
