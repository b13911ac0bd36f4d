// What the receipt printer says about itself (ESC/POS real-time status, DLE EOT), and what
// that means for the cashier. Read by the print queue before and after each job, shown on
// the Till screen and by `tillsync printer status`. Words from the catalog (area printer):
// English by default, for logs and the queue's record; a screen passes its own words.
import { z } from 'zod';
import { english, type MessageKey, type Translator } from './i18n/messages.js';

export const printerStatus = z.object({
  /** The printer answered and is not in an error or offline state. */
  online: z.boolean(),
  coverOpen: z.boolean(),
  paper: z.enum(['ok', 'near_end', 'out']),
  /** The drawer's sensor (pin 3): open or not, as the drawer is wired. */
  drawerOpen: z.boolean(),
});
export type PrinterStatus = z.infer<typeof printerStatus>;

/** Why a printer cannot take a job now, as a catalog key; null when it can. */
export function printerBlockedKey(status: PrinterStatus): MessageKey | null {
  if (status.paper === 'out') return 'printer.status.outOfPaper';
  if (status.coverOpen) return 'printer.status.coverOpen';
  if (!status.online) return 'printer.status.offline';
  return null;
}

/** Why a printer cannot take a job now, in a cashier's words; null when it can. */
export function printerBlocked(status: PrinterStatus, words: Translator = english): string | null {
  const key = printerBlockedKey(status);
  return key === null ? null : words.t(key);
}

/** The printer's state in a few words (the status line). */
export function printerStatusWords(status: PrinterStatus, words: Translator = english): string {
  const blocked = printerBlocked(status, words);
  if (blocked) return blocked;
  return words.t('printer.status.ready', {
    paperLow: status.paper === 'near_end' ? 'yes' : 'no',
    drawerOpen: status.drawerOpen ? 'yes' : 'no',
  });
}
