// Print jobs: what the till has to put on paper (or make the drawer do), kept in the store
// beside the sale they belong to, so a printer that is off never costs a receipt and never
// delays a sale. The print queue (main/printing/print-queue.ts) works them off in order.
import { z } from 'zod';

/**
 * receipt: a sale's receipt (a void prints it with its VOID mark); refund: a return's
 * receipt; report: lines frozen when asked (X and Z reports); drawer: a drawer opening
 * alone ("no sale", or a cash sale with receipts printed by the dialog); test: a test page.
 */
export const PRINT_JOB_KINDS = ['receipt', 'refund', 'report', 'drawer', 'test'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

/** waiting: to print (again); printed: the printer took all of it; cancelled: by a person. */
export const PRINT_JOB_STATES = ['waiting', 'printed', 'cancelled'] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];

export const printJobView = z.object({
  id: z.number(),
  kind: z.enum(PRINT_JOB_KINDS),
  /** The sale's or the return's id, the report's title; null for a drawer or a test page. */
  ref: z.string().nullable(),
  /** What a person calls it: "Receipt #12", "Refund R3", "Z report", "Drawer (no sale)". */
  label: z.string(),
  openDrawer: z.boolean(),
  state: z.enum(PRINT_JOB_STATES),
  attempts: z.number(),
  lastProblem: z.string().nullable(),
  createdAt: z.number(),
});
export type PrintJobView = z.infer<typeof printJobView>;

/** A job to add: what it prints and whether the drawer opens after it. */
export interface NewPrintJob {
  kind: PrintJobKind;
  ref?: string | null;
  /** For a report: its roll lines, frozen as they were when it was asked for. */
  lines?: string[];
  openDrawer?: boolean;
  /** Why the drawer opens, when it opens alone. */
  reason?: string | null;
}

/** What the till prints and opens by itself after a sale is charged. */
export interface SalePrinting {
  /** Print the receipt on the till's printer (a printer is set and receipts print after a sale). */
  receipt: boolean;
  /** Open the drawer after a sale paid in cash (a drawer is on the printer, and the setting is on). */
  drawerOnCash: boolean;
  /** A drawer is on the printer: cash in and out, safe drops and "no sale" open it. */
  drawer: boolean;
}

export const NO_SALE_PRINTING: SalePrinting = {
  receipt: false,
  drawerOnCash: false,
  drawer: false,
};

/**
 * The job a sale (or a return's refund) needs as it is written: its receipt, the drawer
 * opened when cash changed hands; null when it needs none.
 */
export function paperJob(
  printing: SalePrinting,
  document: { kind: 'receipt' | 'refund'; ref: string; cash: boolean },
): NewPrintJob | null {
  const openDrawer = printing.drawerOnCash && document.cash;
  if (printing.receipt) return { kind: document.kind, ref: document.ref, openDrawer };
  const reason = document.kind === 'receipt' ? 'cash sale' : 'cash refund';
  return openDrawer ? { kind: 'drawer', ref: document.ref, openDrawer, reason } : null;
}
