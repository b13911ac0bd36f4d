// What the receipt printer says about itself (ESC/POS real-time status, DLE EOT), and what
// that means for the cashier. Read by the print queue before and after each job, shown on
// the Till screen and by `tillsync printer status`.
import { z } from 'zod';

export const printerStatus = z.object({
  /** The printer answered and is not in an error or offline state. */
  online: z.boolean(),
  coverOpen: z.boolean(),
  paper: z.enum(['ok', 'near_end', 'out']),
  /** The drawer's sensor (pin 3): open or not, as the drawer is wired. */
  drawerOpen: z.boolean(),
});
export type PrinterStatus = z.infer<typeof printerStatus>;

/** Why a printer cannot take a job now, in a cashier's words; null when it can. */
export function printerBlocked(status: PrinterStatus): string | null {
  if (status.paper === 'out') return 'The printer is out of paper: put in a new roll.';
  if (status.coverOpen) return "The printer's cover is open: close it.";
  if (!status.online) return 'The printer is offline: check its light and its cable.';
  return null;
}

/** The printer's state in a few words (the status line). */
export function printerStatusWords(status: PrinterStatus): string {
  const blocked = printerBlocked(status);
  if (blocked) return blocked;
  const parts = ['Ready'];
  if (status.paper === 'near_end') parts.push('paper running low');
  if (status.drawerOpen) parts.push('drawer open');
  return parts.join('; ');
}
