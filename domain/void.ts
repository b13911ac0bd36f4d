// A void: a charged sale taken back at the till before any attempt to send it. What a void
// asks for, what it answers, and why a sale cannot be voided, in a cashier's words. The
// store decides in one fenced write (db/void.ts); the contract and the CLI take these.
import { z } from 'zod';
import { MAX_REASON } from './shift.js';
import type { OutboxState } from './sale-states.js';
import { returnLabel } from './returns.js';
import { fieldSays, said } from './i18n/said.js';
import type { Said } from './result.js';

export const voidSaleInput = z.strictObject({
  reason: z
    .string({ error: fieldSays('field.void.reason') })
    .trim()
    .min(1, fieldSays('field.void.reason'))
    .max(MAX_REASON, fieldSays('field.atMostCharacters', { max: MAX_REASON })),
});
export type VoidSaleInput = z.infer<typeof voidSaleInput>;

/** A sale just voided: never sent; its cash leaves the drawer's expected figure. */
export const voidedSale = z.object({
  saleId: z.string(),
  receiptNumber: z.number(),
  state: z.literal('voided'),
  currency: z.string(),
  totalMinor: z.number(),
  /** The cash it had put in the drawer (handed over minus change): give it back. */
  cashMinor: z.number(),
  reason: z.string(),
  voidedAt: z.number(),
  /** Who voided it; null when the till has no cashiers set up. */
  voidedBy: z.string().nullable(),
  /** True when its shift was closed: the open shift got a correction naming the sale. */
  corrected: z.boolean(),
});
export type VoidedSale = z.infer<typeof voidedSale>;

/** Where a sale stands, as far as a void is concerned. */
export interface VoidFacts {
  receiptNumber: number;
  state: OutboxState;
  uncertain: boolean;
}

/**
 * Why this sale cannot be voided, and what to do instead. A pending sale the void did not
 * take was sent once (an attempt, any revision) or may be on the platform.
 */
export function whyNotVoidable(sale: VoidFacts): { message: string; say: Said } {
  // The catalog's select words each state; a pending sale the void did not take: sent once,
  // or uncertain.
  const why = sale.state === 'pending' ? (sale.uncertain ? 'uncertain' : 'sentOnce') : sale.state;
  return said('store.notVoidable', { receipt: sale.receiptNumber, why });
}

/** A sale with returns against it cannot be voided: the returns gave its goods' money back. */
export const hasReturns = (receiptNumber: number, returnNumbers: readonly number[]) =>
  said('store.hasReturns', {
    receipt: receiptNumber,
    returns: returnNumbers.map(returnLabel).join(', '),
  });
