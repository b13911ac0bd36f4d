// A new sale as charged: its discounts applied (domain/discount.ts) and, for cash, the
// amount handed over compared with what is charged after them. The one place this is
// worked out is the store's prepareSale (db/record-sale.ts), which knows the till's
// currency; the desk asks the same function whether a manager must approve the discounts.
import { applyDiscounts, type Discount, type DiscountFigures } from './discount.js';
import type { NewSale, NewSaleLine } from './new-sale.js';
import { CASH_METHOD } from './payment-methods.js';
import type { FieldError } from './result.js';
import { said } from './i18n/said.js';

export type ChargedSaleLine = NewSaleLine & DiscountFigures;

export interface ChargedSale {
  shopId?: string;
  customerId?: string;
  paymentMethod: string;
  lines: ChargedSaleLine[];
  /** The lines' totals before any discount. */
  subtotalMinor: number;
  discount: Discount | null;
  /** The sale's own discount, spread over the lines' shares. */
  saleDiscountMinor: number;
  /** What the customer pays, after every discount. */
  totalMinor: number;
  tenderedMinor: number | null;
  changeMinor: number | null;
}

export type ChargeOutcome = { ok: true; value: ChargedSale } | { ok: false; fields: FieldError[] };

const pointer = (path: ReadonlyArray<string | number>) => path.map((part) => `/${part}`).join('');

/** The sale's discounts applied and its change worked out, or the fields at fault. */
export function chargeSale(sale: NewSale, decimals: number): ChargeOutcome {
  const { lines, totalMinor: subtotalMinor, discount, tenderedMinor, ...rest } = sale;
  const applied = applyDiscounts(lines, discount, decimals);
  if (!applied.ok)
    return {
      ok: false,
      fields: [{ ...applied.error, path: pointer(applied.error.path) }],
    };
  const { chargedTotalMinor: totalMinor, saleDiscountMinor } = applied.value;
  const charged = {
    ...rest,
    lines: applied.value.lines,
    subtotalMinor,
    discount: discount ?? null,
    saleDiscountMinor,
    totalMinor,
  };
  if (sale.paymentMethod !== CASH_METHOD)
    return { ok: true, value: { ...charged, tenderedMinor: null, changeMinor: null } };
  const handedOver = tenderedMinor ?? totalMinor;
  if (handedOver < totalMinor) {
    // In minor units, as the field itself is.
    const less = said('field.sale.lessThanTotal', { total: totalMinor });
    return { ok: false, fields: [{ path: '/tenderedMinor', ...less }] };
  }
  return {
    ok: true,
    value: { ...charged, tenderedMinor: handedOver, changeMinor: handedOver - totalMinor },
  };
}

/**
 * A discount's size is above `limitPercent`: a percent as given (20 % is at a limit of 20,
 * though half-up rounding may take a minor unit more), an amount as its share of what it
 * applies to; exact, in BigInt.
 */
function above(
  discount: Discount | null | undefined,
  offMinor: number,
  baseMinor: number,
  limitPercent: number,
) {
  if (!discount) return false;
  if (discount.kind === 'percent') return discount.basisPoints > limitPercent * 100;
  return BigInt(offMinor) * 100n > BigInt(limitPercent) * BigInt(baseMinor);
}

/**
 * Whether a manager must approve this sale's discounts: a line's own discount above the
 * limit of the line's total, or the sale's above the limit of what it applies to (the
 * total after the lines' own discounts).
 */
export function discountNeedsManager(sale: ChargedSale, limitPercent: number): boolean {
  const onLine = (line: ChargedSaleLine) =>
    above(line.discount, line.lineDiscountMinor, line.lineTotalMinor, limitPercent);
  if (sale.lines.some(onLine)) return true;
  const base = sale.lines.reduce(
    (sum, line) => sum + line.lineTotalMinor - line.lineDiscountMinor,
    0,
  );
  return above(sale.discount, sale.saleDiscountMinor, base, limitPercent);
}
