// What fixing a refused sale may change. The money was taken at the counter when the sale
// was charged: the customer paid that total, by that kind of payment, and for cash the
// drawer holds it. An edit exists to fix what the platform refused (a product id, the
// customer, the spelling of a payment method), never to change what was paid, so that the
// day's takings and the cash expected in the drawer always match the money handed over.
import { formatMinor } from './money.js';
import type { FieldError } from './result.js';
import { CASH_METHOD } from './payment-methods.js';
import { said } from './i18n/said.js';

export interface PaidSale {
  totalMinor: number;
  paymentMethod: string;
  currency: string;
}

/** Why an edit would change the money of a paid sale; empty when it may be saved. */
export function moneyChangesOf(paid: PaidSale, edited: PaidSale, decimals: number): FieldError[] {
  const amount = (minor: number) => `${formatMinor(minor, decimals)} ${paid.currency}`;
  const problems: FieldError[] = [];
  if (edited.currency !== paid.currency)
    problems.push({
      path: '/currency',
      ...said('field.sale.currencyChanged', { now: edited.currency, paid: paid.currency }),
    });
  else if (edited.totalMinor !== paid.totalMinor)
    problems.push({
      path: '/items',
      ...said('field.sale.totalMustStay', {
        paid: amount(paid.totalMinor),
        made: amount(edited.totalMinor),
      }),
    });
  const wasCash = paid.paymentMethod === CASH_METHOD;
  if (wasCash !== (edited.paymentMethod === CASH_METHOD))
    problems.push({
      path: '/paymentMethod',
      ...(wasCash
        ? said('field.sale.mustStayCash', { method: CASH_METHOD })
        : said('field.sale.cannotBecomeCash', { method: CASH_METHOD })),
    });
  return problems;
}
