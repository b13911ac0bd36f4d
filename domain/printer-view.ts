// The receipt printer as the Till screen, Settings and `tillsync printer status` show it:
// which printer, whether it is taking jobs, why not, and what waits for it.
import { z } from 'zod';
import { printJobView } from './print-jobs.js';
import { printerStatus } from './printer-status.js';

export const printerView = z.object({
  /** The printer spoken to directly; null: receipts go through the print dialog. */
  address: z.string().nullable(),
  /** Where the address is set when it is not Settings (TILLSYNC_PRINTER): Settings cannot change it. */
  setBy: z.string().nullable(),
  /** The printer address set outside Settings is not valid: what to fix. */
  setupProblem: z.string().nullable(),
  profile: z.string(),
  /** A cash drawer is on the printer. */
  drawer: z.boolean(),
  /** ready: the last job or status read went through; problem: it did not; unknown: not tried yet. */
  condition: z.enum(['unknown', 'ready', 'problem']),
  /** Why the last try failed, in a cashier's words. */
  problem: z.string().nullable(),
  status: printerStatus.nullable(),
  /** When the queue tries again by itself (whole seconds), while it waits. */
  retryInSeconds: z.number().nullable(),
  /** Jobs still to print, oldest first. */
  waiting: z.array(printJobView),
});
export type PrinterView = z.infer<typeof printerView>;

/** The Till screen's line while receipts wait: "Printer offline: 2 receipts waiting". */
export function printerNotice(view: PrinterView): string | null {
  const count = view.waiting.length;
  if (view.setupProblem) return view.setupProblem;
  if (count === 0) return null;
  const jobs = count === 1 ? '1 print job waiting' : `${count} print jobs waiting`;
  if (view.condition !== 'problem') return `Printing: ${jobs}`;
  return `Printer not printing: ${jobs}. ${view.problem ?? ''}`.trim();
}
