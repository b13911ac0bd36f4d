// What the screens say about the receipt printer, from its view: Settings' status line and
// the Till screen's notice. No page state here, so tests read it directly.
import { printerStatusWords } from '../../domain/printer-status.js';
import { printerNotice, type PrinterView } from '../../domain/printer-view.js';

/** Settings' status line: which printer, and how it is. */
export function printerStatusLine(view: PrinterView): string {
  if (view.setupProblem) return view.setupProblem;
  if (!view.address) return 'No printer address: receipts print through the print dialog.';
  const how =
    view.condition === 'problem'
      ? (view.problem ?? 'Not printing.')
      : view.status
        ? printerStatusWords(view.status)
        : view.condition === 'ready'
          ? 'Ready'
          : 'Not tried yet: print a test page.';
  return `${view.address}: ${how}`;
}

/**
 * The Till screen's notice: jobs waiting on a printer with a problem (or tried and failed
 * before), or a printer address that is not valid. A receipt printing right now is not news.
 */
export function tillNotice(view: PrinterView): { text: string; trouble: boolean } | null {
  const text = printerNotice(view);
  const trouble = view.condition === 'problem' || view.setupProblem !== null;
  if (!text || !(trouble || view.waiting.some((job) => job.attempts > 0))) return null;
  return { text, trouble };
}
