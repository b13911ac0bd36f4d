// A refused sale as a person corrects it: the Sync screen's Edit (the contract's
// editRefused) and `tillsync refused edit --file`. The same fields as a new sale
// (domain/new-sale.ts), money in integer minor units, checked and priced in one pass where
// it comes in; the store takes what this gives. No cash handed over: an edit never changes
// what was paid (domain/sale-edit.ts), so the amount tendered and the change stay as kept.
import { z } from 'zod';
import { saleFields, type PricedLine } from './new-sale.js';

/** A corrected sale checked and priced: what the store writes as the sale's new revision. */
export interface CorrectedSale {
  shopId?: string;
  customerId?: string;
  paymentMethod: string;
  lines: PricedLine[];
  totalMinor: number;
}

export const correctedSale = z
  .strictObject(saleFields)
  .transform(({ items, ...sale }): CorrectedSale => ({ ...sale, ...items }));

/** A corrected sale as a person (the UI, a file) sends it. */
export type CorrectedSaleInput = z.input<typeof correctedSale>;
