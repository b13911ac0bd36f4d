// Returns: goods brought back against a receipt, refunded at the till. A return is its own
// record with its own number (R1, R2...), linked to the original sale, which may be in this
// till's database or in its archives. Its lines name the original lines and the quantity
// brought back: never more than was sold minus what earlier returns took back. The store
// writes it in one transaction (db/returns.ts); the contract, the CLI and the screens take
// these shapes.
//
// The platform's v1 has no refund operation: a return stays on the till, in the export and
// in the reports, its delivery `not_sent` with that reason (main/sync/return-delivery.ts is
// the one place a documented operation would be added).
import { z } from 'zod';
import { saidView } from './said-view.js';
import { MAX_REASON } from './shift.js';
import { quantitySchema } from './sale-input.js';
import { fieldSays, said } from './i18n/said.js';
import type { Said } from './result.js';

/** Where a return stands towards the platform. */
export const RETURN_DELIVERY_STATES = ['not_sent', 'sent'] as const;
export type ReturnDeliveryState = (typeof RETURN_DELIVERY_STATES)[number];

/** How the money goes back: by the sale's own payment method, or in cash from the drawer. */
export const REFUND_METHODS = ['original', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** A return's number as a person reads and types it: R and the number. */
export const RETURN_NUMBER_PREFIX = 'R';
export const returnLabel = (returnNumber: number) => `${RETURN_NUMBER_PREFIX}${returnNumber}`;

export const returnReason = z
  .string({ error: fieldSays('field.return.reason') })
  .trim()
  .min(1, fieldSays('field.return.reason'))
  .max(MAX_REASON, fieldSays('field.atMostCharacters', { max: MAX_REASON }));

/** One line brought back: the original line's number (1, 2...) and how many of it. */
export const returnLineInput = z.strictObject({
  lineNumber: z
    .number({ error: fieldSays('field.return.lineNumber') })
    .int(fieldSays('field.return.lineNumber'))
    .positive(fieldSays('field.return.lineNumber')),
  quantity: quantitySchema,
});

/** What a return asks for; no `lines` means every line in full (what is left of it). */
export const newReturnInput = z.strictObject({
  reason: returnReason,
  lines: z.array(returnLineInput).min(1, fieldSays('field.return.atLeastOneLine')).optional(),
  refund: z
    .enum(REFUND_METHODS, { error: fieldSays('field.return.refundMethod') })
    .default('original'),
});
export type NewReturnInput = z.input<typeof newReturnInput>;
export type NewReturn = z.infer<typeof newReturnInput>;

/** A line of the original sale as a return sees it: sold, returned before, still returnable. */
export const returnableLine = z.object({
  lineNumber: z.number(),
  productId: z.string(),
  name: z.string(),
  soldQuantity: z.number(),
  returnedQuantity: z.number(),
  returnableQuantity: z.number(),
  /** What was charged for the whole line, after discounts, and what is refunded so far. */
  chargedTotalMinor: z.number(),
  refundedMinor: z.number(),
});
export type ReturnableLine = z.infer<typeof returnableLine>;

export const returnLineView = z.object({
  lineNumber: z.number(),
  saleLineNumber: z.number(),
  productId: z.string(),
  name: z.string(),
  quantity: z.number(),
  refundMinor: z.number(),
});
export type ReturnLineView = z.infer<typeof returnLineView>;

/** A return as recorded; also what its refund receipt prints. */
export const returnView = z.object({
  returnId: z.string(),
  returnNumber: z.number(),
  createdAt: z.number(),
  currency: z.string(),
  saleId: z.string(),
  saleReceiptNumber: z.number(),
  saleCreatedAt: z.number(),
  /** The payment method the money went back by (the sale's own, or CASH). */
  refundPaymentMethod: z.string(),
  totalMinor: z.number(),
  reason: z.string(),
  lines: z.array(returnLineView),
  cashierName: z.string().nullable(),
  approvedByName: z.string().nullable(),
  delivery: z.enum(RETURN_DELIVERY_STATES),
  /** Why it was not sent, in a person's words. */
  deliveryNote: z.string().nullable(),
});
export type ReturnView = z.infer<typeof returnView>;

/** A refund receipt: the return, with the shop's names. */
export const refundReceipt = returnView.extend({ shopName: z.string(), tillName: z.string() });
export type RefundReceipt = z.infer<typeof refundReceipt>;

/** What the platform's side of a return says after the till tried (or not) to send it. */
export interface ReturnDeliveryOutcome {
  state: ReturnDeliveryState;
  note: string | null;
}

/** A sale as a return finds it: where it stands, its lines, and the returns made before. */
export const returnableSale = z.object({
  saleId: z.string(),
  receiptNumber: z.number(),
  createdAt: z.number(),
  currency: z.string(),
  totalMinor: z.number(),
  paymentMethod: z.string(),
  customerName: z.string().nullable(),
  state: z.string(),
  /** True when the sale lies in a yearly archive file (still returnable, offline). */
  archived: z.boolean(),
  lines: z.array(returnableLine),
  returnNumbers: z.array(z.number()),
  /** Why nothing can be returned (voided, discarded, all brought back); null when it can. */
  notReturnable: z.string().nullable(),
  /** The same words as a catalog key, for a screen to say in the till's language. */
  notReturnableSay: saidView.nullable().optional(),
});
export type ReturnableSale = z.infer<typeof returnableSale>;

/** A sale a search found, to pick before the return. */
export const returnCandidate = returnableSale.omit({ lines: true, returnNumbers: true });
export type ReturnCandidate = z.infer<typeof returnCandidate>;

/** A search for the sale to return: by day (YYYY-MM-DD), charged total or customer. */
export const returnSearchInput = z
  .strictObject({
    day: z
      .string({ error: fieldSays('field.search.day') })
      .regex(/^\d{4}-\d{2}-\d{2}$/, fieldSays('field.search.day'))
      .optional(),
    amountMinor: z
      .number({ error: fieldSays('field.mustBeAmount') })
      .int(fieldSays('field.wholeMinorUnits'))
      .min(0, fieldSays('field.mustNotBeNegative'))
      .optional(),
    customer: z
      .string()
      .trim()
      .min(1, fieldSays('field.search.customer'))
      .max(200, fieldSays('field.atMostCharacters', { max: 200 }))
      .optional(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .refine((input) => input.day ?? input.amountMinor ?? input.customer, {
    error: fieldSays('field.search.dayAmountOrCustomer'),
    path: ['day'],
  });
export type ReturnSearchInput = z.input<typeof returnSearchInput>;

/** a / b rounded half up, for a ≥ 0 and b > 0. */
const roundHalfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/**
 * The refund for `quantity` more of a line that charged `chargedMinor` for `sold`, after
 * `returnedBefore` came back already (quantities in thousandths). Each return takes the
 * difference of the rounded shares, so the parts of a line always add up to its charge:
 * returning everything refunds exactly what was charged.
 */
export function refundFor(
  chargedMinor: number,
  soldMilli: number,
  returnedBeforeMilli: number,
  quantityMilli: number,
): number {
  const charged = BigInt(chargedMinor);
  const sold = BigInt(soldMilli);
  const share = (milli: number) => roundHalfUp(charged * BigInt(milli), sold);
  return Number(share(returnedBeforeMilli + quantityMilli) - share(returnedBeforeMilli));
}

/** A sale's `notReturnable` and `notReturnableSay` from why it cannot be returned (or null). */
export const notReturnableOf = (why: { message: string; say: Said } | null) => ({
  notReturnable: why?.message ?? null,
  notReturnableSay: why?.say ?? null,
});

/** Why a sale in this state can take no return, in a cashier's words; null when it can. */
export function whyNotReturnable(
  receiptNumber: number,
  state: string,
): { message: string; say: Said } | null {
  if (state !== 'voided' && state !== 'discarded') return null;
  return said('store.notReturnable', { receipt: receiptNumber, why: state });
}
