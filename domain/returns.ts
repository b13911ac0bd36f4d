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
import { MAX_REASON } from './shift.js';
import { quantitySchema } from './sale-input.js';

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
  .string({ error: 'must say why the goods are returned' })
  .trim()
  .min(1, 'must say why the goods are returned')
  .max(MAX_REASON, `must be at most ${MAX_REASON} characters`);

/** One line brought back: the original line's number (1, 2...) and how many of it. */
export const returnLineInput = z.strictObject({
  lineNumber: z
    .number({ error: 'must be a line number of the sale, like 1' })
    .int('must be a line number of the sale, like 1')
    .positive('must be a line number of the sale, like 1'),
  quantity: quantitySchema,
});

/** What a return asks for; no `lines` means every line in full (what is left of it). */
export const newReturnInput = z.strictObject({
  reason: returnReason,
  lines: z.array(returnLineInput).min(1, 'must name at least one line').optional(),
  refund: z.enum(REFUND_METHODS, { error: 'must be original or cash' }).default('original'),
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
