// A void: a charged sale taken back at the till before any attempt to send it. What a void
// asks for, what it answers, and why a sale cannot be voided, in a cashier's words. The
// store decides in one fenced write (db/void.ts); the contract and the CLI take these.
import { z } from 'zod';
import { MAX_REASON } from './shift.js';
import type { OutboxState } from './sale-states.js';
import { returnLabel } from './returns.js';

export const voidSaleInput = z.strictObject({
  reason: z
    .string({ error: 'must say why the sale is voided' })
    .trim()
    .min(1, 'must say why the sale is voided')
    .max(MAX_REASON, `must be at most ${MAX_REASON} characters`),
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
export function whyNotVoidable(sale: VoidFacts): string {
  const which = `Sale #${sale.receiptNumber}`;
  const returnIt = 'make a return instead.';
  switch (sale.state) {
    case 'voided':
      return `${which} is already voided: there is nothing more to undo.`;
    case 'discarded':
      return `${which} was discarded: it is not counted, there is nothing to void.`;
    case 'synced':
      return `${which} is already on the platform: ${returnIt}`;
    case 'sending':
      return `${which} is being sent to the platform right now: ${returnIt}`;
    case 'refused':
      return `${which} was sent and the platform refused it: discard it, or ${returnIt}`;
    case 'pending':
      return sale.uncertain
        ? `${which} may already be on the platform (an attempt got no answer): ${returnIt}`
        : `${which} has already been sent once and may be on the platform: ${returnIt}`;
  }
}

/** A sale with returns against it cannot be voided: the returns gave its goods' money back. */
export const hasReturns = (receiptNumber: number, returnNumbers: readonly number[]) =>
  `Sale #${receiptNumber} has returns against it (${returnNumbers.map(returnLabel).join(', ')}): it can no longer be voided; return what is left instead.`;
