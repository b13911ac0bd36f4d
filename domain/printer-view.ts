// The receipt printer as the Till screen, Settings and `tillsync printer status` show it:
// which printer, whether it is taking jobs, why not, and what waits for it. The problem is
// English (JSON, logs) with its catalog key (problemSay), so a screen says it in its language.
import { z } from 'zod';
import { saidView } from './said-view.js';
import { english, type Translator } from './i18n/messages.js';
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
  /** Why the last try failed, in a cashier's words (English). */
  problem: z.string().nullable(),
  /** The problem's catalog key, when it has one: what a screen says. */
  problemSay: saidView.nullable().optional(),
  status: printerStatus.nullable(),
  /** When the queue tries again by itself (whole seconds), while it waits. */
  retryInSeconds: z.number().nullable(),
  /** Jobs still to print, oldest first; labelSay: the label's catalog key, for the screens. */
  waiting: z.array(printJobView.extend({ labelSay: saidView.optional() })),
});
export type PrinterView = z.infer<typeof printerView>;

/** The last try's problem in `words` (its English when it has no key). */
export const printerProblemWords = (view: PrinterView, words: Translator = english) =>
  view.problem === null
    ? null
    : words.say({ message: view.problem, ...(view.problemSay ? { say: view.problemSay } : {}) });

/** The Till screen's line while receipts wait: "Printer not printing: 2 print jobs waiting. …". */
export function printerNotice(view: PrinterView, words: Translator = english): string | null {
  const count = view.waiting.length;
  if (view.setupProblem) return view.setupProblem;
  if (count === 0) return null;
  const jobs = words.t('printer.notice.jobs', { count });
  if (view.condition !== 'problem') return words.t('printer.notice.printing', { jobs });
  const problem = printerProblemWords(view, words);
  const notPrinting = words.t('printer.notice.notPrinting', { jobs });
  return problem ? `${notPrinting} ${problem}` : notPrinting;
}
