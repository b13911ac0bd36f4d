// The sales a simulated till records: each names its own customer (the platform tells sales
// apart by it); some are of a product the platform does not have (refused, until a person
// fixes the product), some of one it answers only unexpectedly (parked after the policy's
// count); the rest it takes. Each comes with the body the platform must receive for it.
import type { NewSaleInput } from '../../domain/new-sale.js';
import type { SaleRequestBody } from '../../main/sync/sale-request.js';

/** A sale of a product the platform does not have is refused (a 4xx), as often as this. */
const REFUSED_SHARE = 0.12;
/** Sales the platform answers only unexpectedly (parked after the policy's count). */
const BAFFLING_SHARE = 0.06;

/** Sale number `number`, its kind drawn by `roll` (in [0, 1)). */
export function simulatedSale(
  number: number,
  roll: number,
): { sale: NewSaleInput; body: Omit<SaleRequestBody, 'shopId'>; fixable: boolean } {
  const refused = roll < REFUSED_SHARE;
  const baffling = !refused && roll < REFUSED_SHARE + BAFFLING_SHARE;
  const productId = refused
    ? `prod_gone_${number}`
    : baffling
      ? `prod_odd_${number}`
      : `prod_${number % 3}`;
  const line = { productId, quantity: 1 + (number % 4) };
  const paid = { paymentMethod: number % 2 ? 'CASH' : 'MOBILE_MONEY', customerId: `cus_${number}` };
  return {
    sale: { items: [{ ...line, unitPriceMinor: 250 }], ...paid },
    // The price in major units, as exact as the minor units it was recorded in.
    body: { items: [{ ...line, price: 2.5 }], ...paid },
    fixable: refused || baffling,
  };
}
