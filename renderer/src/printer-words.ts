// What the screens say about the receipt printer, from its view: Settings' status line and
// the Till screen's notice, in the screen's words (English when none are given). No page
// state here, so tests read it directly.
import { english, type Translator } from '../../domain/i18n/messages.js';
import { printerStatusWords } from '../../domain/printer-status.js';
import { printerNotice, printerProblemWords, type PrinterView } from '../../domain/printer-view.js';

/** Settings' status line: which printer, and how it is. */
export function printerStatusLine(view: PrinterView, words: Translator = english): string {
  if (view.setupProblem) return view.setupProblem;
  if (!view.address) return words.t('printer.line.noAddress');
  const how =
    view.condition === 'problem'
      ? (printerProblemWords(view, words) ?? words.t('printer.line.notPrinting'))
      : view.status
        ? printerStatusWords(view.status, words)
        : view.condition === 'ready'
          ? words.t('printer.status.ready', { paperLow: 'no', drawerOpen: 'no' })
          : words.t('printer.line.notTried');
  return words.t('printer.line.status', { address: view.address, how });
}

/**
 * The Till screen's notice: jobs waiting on a printer with a problem (or tried and failed
 * before), or a printer address that is not valid. A receipt printing right now is not news.
 */
export function tillNotice(
  view: PrinterView,
  words: Translator = english,
): { text: string; trouble: boolean } | null {
  const text = printerNotice(view, words);
  const trouble = view.condition === 'problem' || view.setupProblem !== null;
  if (!text || !(trouble || view.waiting.some((job) => job.attempts > 0))) return null;
  return { text, trouble };
}
