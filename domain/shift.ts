// The trading day's words: a shift (open → closing → closed, one open at a time on a till),
// the entries of its cash drawer, and the report made from them (X while open, Z at close).
// What a report says is declared here once; the store computes it, the screens, the CLI,
// the printer and the downloads show it.
import { z } from 'zod';
import { amount } from './sale.js';
import { fieldSays } from './i18n/said.js';

export const SHIFT_STATES = ['open', 'closing', 'closed'] as const;
export type ShiftState = (typeof SHIFT_STATES)[number];

/**
 * What can happen to the drawer besides a sale. The sign says which way the cash goes: a
 * correction carries its own sign (it undoes a figure of a shift already closed).
 */
export const DRAWER_ENTRY_SIGNS = {
  cash_in: 1,
  cash_out: -1,
  safe_drop: -1,
  no_sale: 0,
  correction: 1,
} as const;
export type DrawerEntryKind = keyof typeof DRAWER_ENTRY_SIGNS;
export const DRAWER_ENTRY_KINDS = Object.keys(DRAWER_ENTRY_SIGNS) as DrawerEntryKind[];
/** The entries a person makes at the till (a correction is made by the till itself). */
export const MANUAL_DRAWER_KINDS = ['cash_in', 'cash_out', 'safe_drop', 'no_sale'] as const;
export type ManualDrawerKind = (typeof MANUAL_DRAWER_KINDS)[number];

export const DRAWER_ENTRY_LABELS: Record<DrawerEntryKind, string> = {
  cash_in: 'Cash in',
  cash_out: 'Cash out',
  safe_drop: 'Safe drop',
  no_sale: 'No sale',
  correction: 'Correction',
};

export const MAX_REASON = 200;
export const MAX_CLOSE_NOTE = 500;

/** An amount a person counted or handed over, in minor units. */
export const minorAmount = z
  .number({ error: fieldSays('field.mustBeAmount') })
  .int(fieldSays('field.wholeMinorUnits'))
  .min(0, fieldSays('field.mustNotBeNegative'))
  .max(1e12, fieldSays('field.tooLarge'));

const reason = z
  .string({ error: fieldSays('field.mustBeText') })
  .trim()
  .min(1, fieldSays('field.shift.mustSayWhy'))
  .max(MAX_REASON, fieldSays('field.atMostCharacters', { max: MAX_REASON }));

/** One note or coin of a count: its value and how many were counted. */
export const denominationCount = z.strictObject({
  valueMinor: z.number().int().positive(),
  count: z
    .number({ error: fieldSays('field.mustBeNumber') })
    .int(fieldSays('field.wholeNumber'))
    .min(0)
    .max(1e6),
});
export type DenominationCount = z.infer<typeof denominationCount>;

/** A count of the drawer: by notes and coins, or a single amount. */
export const cashCount = z.union([
  z.strictObject({ countedMinor: minorAmount }),
  z.strictObject({ denominations: z.array(denominationCount).min(1).max(40) }),
]);
export type CashCount = z.infer<typeof cashCount>;

export const countedMinorOf = (count: CashCount): number =>
  'countedMinor' in count
    ? count.countedMinor
    : count.denominations.reduce((sum, line) => sum + line.valueMinor * line.count, 0);

export const openShiftInput = z.strictObject({ floatMinor: minorAmount });
export const drawerEntryInput = z.strictObject({
  kind: z.enum(MANUAL_DRAWER_KINDS, { error: fieldSays('field.shift.drawerKind') }),
  amountMinor: minorAmount.default(0),
  reason,
});
export type DrawerEntryInput = z.infer<typeof drawerEntryInput>;
export const closeShiftInput = z.strictObject({
  count: cashCount,
  note: z
    .string()
    .trim()
    .max(MAX_CLOSE_NOTE, fieldSays('field.atMostCharacters', { max: MAX_CLOSE_NOTE }))
    .default(''),
});
export type CloseShiftInput = z.infer<typeof closeShiftInput>;

export const drawerEntryView = z.object({
  id: z.string(),
  at: z.number(),
  kind: z.enum(DRAWER_ENTRY_KINDS as [DrawerEntryKind, ...DrawerEntryKind[]]),
  /** Signed: what the entry did to the cash expected in the drawer. */
  amountMinor: z.number(),
  reason: z.string(),
  cashier: z.string().nullable(),
  /** For a correction: the receipt number of the sale it corrects. */
  correctsReceipt: z.number().nullable(),
});
export type DrawerEntryView = z.infer<typeof drawerEntryView>;

/** The shift a till is in, as a screen or `status` shows it. */
export const shiftSummary = z.object({
  id: z.string(),
  state: z.enum(SHIFT_STATES),
  openedAt: z.number(),
  openedBy: z.string().nullable(),
  floatMinor: z.number(),
  /** False when a sale opened the shift by itself: nobody counted the float. */
  floatCounted: z.boolean(),
});
export type ShiftSummary = z.infer<typeof shiftSummary>;

/**
 * An X report (the open shift, now) or a Z report (a closed shift, frozen at its close:
 * showing it again a year later gives the same figures, byte for byte).
 */
export const shiftReport = z.object({
  kind: z.enum(['X', 'Z']),
  /** Z1, Z2... on this till; null on an X report. */
  number: z.number().nullable(),
  shiftId: z.string(),
  shopName: z.string(),
  tillName: z.string(),
  currency: z.string(),
  openedAt: z.number(),
  /** When the shift closed (Z) or when the X report was made. */
  closedAt: z.number().nullable(),
  madeAt: z.number(),
  openedBy: z.string().nullable(),
  closedBy: z.string().nullable(),
  cashiers: z.array(z.string()),
  floatMinor: z.number(),
  floatCounted: z.boolean(),
  sales: amount,
  byPaymentMethod: z.array(amount.extend({ paymentMethod: z.string() })),
  byCashier: z.array(amount.extend({ cashier: z.string().nullable(), cashMinor: z.number() })),
  /** Cash handed over minus change, for every sale of the shift not discarded nor voided. */
  cashSalesMinor: z.number(),
  cashInMinor: z.number(),
  /** Cash out and safe drops. */
  cashOutMinor: z.number(),
  correctionsMinor: z.number(),
  noSales: z.number(),
  drawerEntries: z.array(drawerEntryView),
  expectedMinor: z.number(),
  countedMinor: z.number().nullable(),
  differenceMinor: z.number().nullable(),
  denominations: z.array(denominationCount).nullable(),
  note: z.string(),
  refused: amount,
  discarded: amount,
  /** Voided sales: not in the sales nor the cash. Absent from Z reports kept from before voids. */
  voids: amount.optional(),
  /**
   * Returns made in the shift (their refunds), and the part paid out of the drawer in cash.
   * Absent from Z reports kept from before returns.
   */
  returns: amount.optional(),
  cashRefundsMinor: z.number().optional(),
  /** Not yet on the platform when the report was made: it syncs later, into this shift. */
  waiting: amount,
  firstReceipt: z.number().nullable(),
  lastReceipt: z.number().nullable(),
});
export type ShiftReport = z.infer<typeof shiftReport>;

/** What a drawer entry does to the cash expected: its kind's sign times its amount. */
export const signedAmount = (kind: DrawerEntryKind, amountMinor: number): number =>
  DRAWER_ENTRY_SIGNS[kind] * amountMinor;

/**
 * The cash that should be in the drawer: the float, the cash taken minus change, cash in,
 * minus cash out and safe drops, plus corrections, minus cash refunds. Exact: every figure
 * is minor units.
 */
export function expectedCash(parts: {
  floatMinor: number;
  cashSalesMinor: number;
  entries: ReadonlyArray<{ amountMinor: number }>;
  cashRefundsMinor?: number;
}): number {
  return parts.entries.reduce(
    (sum, entry) => sum + entry.amountMinor,
    parts.floatMinor + parts.cashSalesMinor - (parts.cashRefundsMinor ?? 0),
  );
}
