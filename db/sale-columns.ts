// The columns a list of sales starts with (which sale, and the money it took), shared by
// the sales page, the refused list, the uncertain list and an action on a refused sale.
import type { GivenDiscount } from '../domain/sale.js';
import { sales } from './schema.js';

export const saleColumns = {
  saleId: sales.id,
  receiptNumber: sales.receiptNumber,
  createdAt: sales.createdAt,
  currency: sales.currency,
  totalMinor: sales.totalMinor,
};

/** The sale's own choices beside its money: where, for whom, how it was paid. */
export const saleChoiceColumns = {
  shopId: sales.shopId,
  customerId: sales.customerId,
  paymentMethod: sales.paymentMethod,
};

/** A discount as its columns keep it (on a sale or a line), or null when none was given. */
export function givenDiscountOf(
  columns: {
    discountBasisPoints: number | null;
    discountAmountMinor: number | null;
    discountReason: string | null;
  },
  offMinor: number,
): GivenDiscount | null {
  if (columns.discountReason === null) return null;
  return {
    basisPoints: columns.discountBasisPoints,
    amountMinor: offMinor,
    reason: columns.discountReason,
  };
}
