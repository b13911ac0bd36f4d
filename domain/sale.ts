// A sale and what is read back about it: the input the till sends, its summary and its
// whole record, a refused sale's change, its receipt, a day's totals, and the catalog's
// products and customers. Declared once here as zod; the store returns these types
// (z.infer), and the contract test parses real answers with them. Node-free: the renderer
// reads it too.
import { z } from 'zod';
import { OUTBOX_STATES } from './sale-states.js';

export const outboxState = z.enum(OUTBOX_STATES);

export const saleSummary = z.object({
  saleId: z.string(),
  receiptNumber: z.number(),
  createdAt: z.number(),
  shopId: z.string().nullable(),
  customerId: z.string().nullable(),
  paymentMethod: z.string(),
  currency: z.string(),
  totalMinor: z.number(),
  state: outboxState,
  /** Why the platform refused it or the last attempt failed, in a person's words. */
  lastErrorReason: z.string().nullable(),
  /** May be on the platform twice (or once, though not synced here): a person should check. */
  uncertain: z.boolean(),
});
export type SaleSummary = z.infer<typeof saleSummary>;

/**
 * A discount as given and what it took off (domain/discount.ts): a percent (in basis points,
 * 1000 = 10 %) or an amount, with its reason. `amountMinor` is what came off, either way.
 */
export const givenDiscount = z.object({
  basisPoints: z.number().nullable(),
  amountMinor: z.number(),
  reason: z.string(),
});
export type GivenDiscount = z.infer<typeof givenDiscount>;

export const saleItemView = z.object({
  lineNumber: z.number(),
  productId: z.string(),
  quantity: z.number(),
  unitPriceMinor: z.number(),
  /** Quantity × unit price, before any discount. */
  lineTotalMinor: z.number(),
  /** The line's own discount, if any. */
  discount: givenDiscount.nullable(),
  /** Its share of the sale's discount. */
  saleDiscountShareMinor: z.number(),
  /** What was charged for the line: its total less both. */
  chargedTotalMinor: z.number(),
});
export type SaleItemView = z.infer<typeof saleItemView>;

/** Where the sale stands in its journey to the platform. */
export const outboxView = z.object({
  state: outboxState,
  idempotencyKey: z.string(),
  revision: z.number(),
  attempts: z.number(),
  nextAttemptAt: z.number().nullable(),
  lastHttpStatus: z.number().nullable(),
  lastErrorCode: z.string().nullable(),
  lastErrorReason: z.string().nullable(),
  /** The sale's id on the platform, once it is there. */
  platformId: z.string().nullable(),
  syncedAt: z.number().nullable(),
  discardReason: z.string().nullable(),
  /** Why and when a person voided it (never sent). */
  voidReason: z.string().nullable(),
  voidedAt: z.number().nullable(),
  /** Attempts that were sent and never answered. */
  unansweredAttempts: z.number(),
  uncertain: z.boolean(),
});
export type OutboxView = z.infer<typeof outboxView>;

/** One sale whole: its lines, the cash handed over (cash sales only) and its outbox row. */
export const saleView = saleSummary
  .omit({ state: true, lastErrorReason: true, uncertain: true })
  .extend({
    tenderedMinor: z.number().nullable(),
    changeMinor: z.number().nullable(),
    /** The shift it was made in (null: before shifts existed) and who rang it up. */
    shiftId: z.string().nullable(),
    cashierId: z.string().nullable(),
    items: z.array(saleItemView),
    /** The lines' totals before any discount; `totalMinor` is what was charged. */
    subtotalMinor: z.number(),
    /** The sale's own discount, if any (spread over the lines' shares). */
    discount: givenDiscount.nullable(),
    outbox: outboxView,
  });
export type SaleView = z.infer<typeof saleView>;

/** A sale the platform refused, as the list of them shows it. */
export const refusedSummary = z.object({
  saleId: z.string(),
  receiptNumber: z.number(),
  createdAt: z.number(),
  totalMinor: z.number(),
  currency: z.string(),
  paymentMethod: z.string(),
  revision: z.number(),
  attempts: z.number(),
  lastHttpStatus: z.number().nullable(),
  lastErrorCode: z.string().nullable(),
  lastErrorReason: z.string().nullable(),
  /** An attempt got no answer: the sale may already be on the platform. */
  uncertain: z.boolean(),
});
export type RefusedSummary = z.infer<typeof refusedSummary>;

/** What a person's action on a refused sale did: sent again (pending) or set aside. */
export const refusedChange = z.object({
  saleId: z.string(),
  receiptNumber: z.number(),
  state: z.enum(['pending', 'discarded']),
  revision: z.number(),
});
export type RefusedChange = z.infer<typeof refusedChange>;

export const product = z.object({
  id: z.string(),
  name: z.string(),
  priceMinor: z.number(),
  category: z.string().nullable(),
  barcode: z.string().nullable(),
});
export type ProductView = z.infer<typeof product>;

export const customer = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type CustomerView = z.infer<typeof customer>;

/**
 * A receipt, to print or reprint: everything on it comes from the till's own records.
 * Recording a sale answers with it, so the till prints without asking again.
 */
export const receipt = z.object({
  shopName: z.string(),
  tillName: z.string(),
  saleId: z.string(),
  receiptNumber: z.number(),
  createdAt: z.number(),
  currency: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      unitPriceMinor: z.number(),
      /** Before any discount: the original price. */
      lineTotalMinor: z.number(),
      /** The line's own discount, and the line's price after it (before the sale's discount). */
      discount: givenDiscount.nullable(),
      chargedTotalMinor: z.number(),
    }),
  ),
  /** Before the sale's own discount (after the lines' own); equals the total when none. */
  subtotalMinor: z.number(),
  discount: givenDiscount.nullable(),
  /** What was paid. */
  totalMinor: z.number(),
  /** The receipt's barcode text (domain/receipt-code.ts): scanned to start a return. */
  barcode: z.string(),
  /** Returns made against this sale so far (R numbers), for a reprint. */
  returnNumbers: z.array(z.number()),
  paymentMethod: z.string(),
  tenderedMinor: z.number().nullable(),
  changeMinor: z.number().nullable(),
  customerName: z.string().nullable(),
  /** Who rang it up; null when the till has no cashiers set up. */
  cashierName: z.string().nullable(),
  /** Whether the sale has reached the platform yet ('synced') or not. */
  state: outboxState,
});
export type ReceiptView = z.infer<typeof receipt>;

export const amount = z.object({ count: z.number(), totalMinor: z.number() });
export type Amount = z.infer<typeof amount>;

/** One day's takings on this till, in its local time zone. */
export const dayTotals = z.object({
  /** The day, YYYY-MM-DD, in the till's time zone. */
  date: z.string(),
  /** The zone the day is in (IANA name); from its first instant (ms) to the next day's. */
  timeZone: z.string(),
  from: z.number(),
  to: z.number(),
  currency: z.string(),
  /** Every sale of the day but the discarded and voided ones: money taken at the counter. */
  sales: amount,
  byPaymentMethod: z.array(amount.extend({ paymentMethod: z.string() })),
  cashExpectedMinor: z.number(),
  /** Refused by the platform, waiting for a person. */
  refused: amount,
  /** Not yet on the platform: pending or being sent. */
  waiting: amount,
  /** Set aside by a person: not counted in the totals. */
  discarded: amount,
  /** Taken back at the till before any attempt to send them: not counted in the totals. */
  voids: amount,
  /** Returns made that day (against sales of any day): refunded, out of the takings. */
  returns: amount,
});
export type DayTotals = z.infer<typeof dayTotals>;
