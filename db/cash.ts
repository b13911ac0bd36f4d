// Cash at the counter: what the customer handed over and the change given. Kept with the
// sale on the till (the platform's sale has no such field) for the receipt and the drawer.
import { fromScaledInteger, toScaledInteger } from '../domain/money.js';
import { fail, invalidFields, ok, type Result } from '../domain/result.js';
import { CASH_METHOD } from '../domain/payment-methods.js';

export interface CashHandedOver {
  tenderedMinor: number;
  changeMinor: number;
}

/**
 * For a cash sale, the amount tendered (the exact total when left out) and the change due;
 * null for other methods. Refuses an amount below the total, or one for another method.
 */
export function cashHandedOver(
  tendered: unknown,
  sale: { paymentMethod: string; totalMinor: number },
  decimals: number,
): Result<CashHandedOver | null> {
  const refuse = (message: string) =>
    fail(invalidFields('The sale is not valid', [{ path: '/tendered', message }]));
  if (sale.paymentMethod !== CASH_METHOD) {
    return tendered === undefined ? ok(null) : refuse(`is only taken for ${CASH_METHOD} sales`);
  }
  if (tendered === undefined) return ok({ tenderedMinor: sale.totalMinor, changeMinor: 0 });
  if (typeof tendered !== 'number') return refuse('must be a number');
  const tenderedMinor = toScaledInteger(tendered, decimals);
  if (tenderedMinor === undefined) return refuse('must be a plain amount of money');
  if (tenderedMinor < sale.totalMinor) {
    return refuse(`is less than the total (${fromScaledInteger(sale.totalMinor, decimals)})`);
  }
  return ok({ tenderedMinor, changeMinor: tenderedMinor - sale.totalMinor });
}
