// Discounts at the counter: on a line or on the whole sale, by percent or by amount, always
// with a reason. The schema is where a discount comes in (a line's or the sale's `discount`
// field); `applyDiscounts` turns priced lines (domain/money.ts `priceLines`) into what is
// charged. Line discounts come first; the sale's discount is then taken from what is left
// and spread over the lines in proportion to it, by largest remainder, so the parts add up
// to the minor unit. Every figure is an integer of minor units; products go through BigInt.
import { z } from 'zod';
import { formatMinor, toScaledInteger } from './money.js';
import { fieldSays, said, saidIssue } from './i18n/said.js';
import type { Said } from './result.js';

export const MAX_DISCOUNT_REASON = 200;
/** Percents are exact to a hundredth (12.5 %, 33.33 %): kept as basis points, 1 = 0.01 %. */
export const PERCENT_DECIMALS = 2;
const WHOLE_BASIS_POINTS = 10_000n;

/** A discount as checked: a percent in basis points (1000 = 10 %) or an amount in minor units. */
export type Discount =
  | { kind: 'percent'; basisPoints: number; reason: string }
  | { kind: 'amount'; amountMinor: number; reason: string };

const percent = z
  .number({ error: fieldSays('field.discount.percentNumber') })
  .positive(fieldSays('field.discount.moreThanZeroPercent'))
  .max(100, fieldSays('field.atMostPercent', { max: 100 }))
  .refine((value) => value <= 0 || toScaledInteger(value, PERCENT_DECIMALS) !== undefined, {
    error: fieldSays('field.discount.percentDecimals', { count: PERCENT_DECIMALS }),
  });

const amountMinor = z
  .number({ error: fieldSays('field.discount.amountNumber') })
  .int(fieldSays('field.discount.amountWhole'))
  .positive(fieldSays('field.moreThanZero'));

const reason = z
  .string({ error: fieldSays('field.discount.reasonRequired') })
  .trim()
  .min(1, fieldSays('field.discount.reasonRequired'))
  .max(MAX_DISCOUNT_REASON, fieldSays('field.atMostCharacters', { max: MAX_DISCOUNT_REASON }));

/** `{ percent: 10, reason }` or `{ amountMinor: 150, reason }`: exactly one of the two. */
export const discountSchema = z
  .strictObject(
    { percent: percent.optional(), amountMinor: amountMinor.optional(), reason },
    { error: fieldSays('field.discount.shape') },
  )
  .transform((input, context): Discount => {
    if (input.percent !== undefined && input.amountMinor !== undefined) {
      const both = saidIssue('field.discount.notBoth');
      context.issues.push({ code: 'custom', path: ['amountMinor'], ...both, input });
      return z.NEVER;
    }
    if (input.percent !== undefined) {
      const basisPoints = toScaledInteger(input.percent, PERCENT_DECIMALS)!;
      return { kind: 'percent', basisPoints, reason: input.reason };
    }
    if (input.amountMinor !== undefined)
      return { kind: 'amount', amountMinor: input.amountMinor, reason: input.reason };
    const neither = saidIssue('field.discount.percentOrAmount');
    context.issues.push({ code: 'custom', path: ['percent'], ...neither, input });
    return z.NEVER;
  });

export type DiscountInput = z.input<typeof discountSchema>;

/** A priced line that may carry its own discount. */
export interface DiscountableLine {
  quantityMilli: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
  discount?: Discount | undefined;
}

/** What a line was, what came off it and what is charged for it, in minor units. */
export interface DiscountFigures {
  /** The line's total before any discount (quantity × unit price, half up). */
  originalLineTotalMinor: number;
  /** Its own discount. */
  lineDiscountMinor: number;
  /** Its part of the sale's discount. */
  saleDiscountShareMinor: number;
  /** Both together: original − discount = charged. */
  discountMinor: number;
  chargedLineTotalMinor: number;
}

export interface DiscountedSale<Line> {
  lines: Array<Line & DiscountFigures>;
  originalTotalMinor: number;
  /** The sale's own discount (spread over the lines as their shares). */
  saleDiscountMinor: number;
  /** Every discount, the lines' own and the sale's. */
  discountMinor: number;
  chargedTotalMinor: number;
}

/** A discount that cannot be given, with its field named from the sale's top. */
export interface DiscountRefusal {
  path: Array<string | number>;
  message: string;
  say?: Said;
}

export type DiscountOutcome<Line> =
  { ok: true; value: DiscountedSale<Line> } | { ok: false; error: DiscountRefusal };

/** What a discount is taken from, as its refusal names it. */
type DiscountBase = 'line' | 'afterLines' | 'sale';

/** The minor units a discount takes off `baseMinor`, or the refusal when it is too large. */
function discountOn(
  discount: Discount,
  baseMinor: number,
  path: Array<string | number>,
  base: DiscountBase,
  decimals: number,
): number | DiscountRefusal {
  if (discount.kind === 'percent') {
    // Half up: (base × bp × 2 + 10000) / 20000, exact in BigInt; at most 100 %: never above base.
    const product = BigInt(baseMinor) * BigInt(discount.basisPoints);
    return Number((product * 2n + WHOLE_BASIS_POINTS) / (WHOLE_BASIS_POINTS * 2n));
  }
  if (discount.amountMinor > baseMinor)
    return {
      path: [...path, 'amountMinor'],
      ...said('field.discount.moreThanBase', { base, amount: formatMinor(baseMinor, decimals) }),
    };
  return discount.amountMinor;
}

/**
 * `totalMinor` spread over `weights` in proportion, by largest remainder (ties: the earlier
 * line): the parts add up to `totalMinor` exactly, and no part is above its weight when
 * `totalMinor` is at most the weights' sum.
 */
export function spreadByLargestRemainder(totalMinor: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || totalMinor === 0) return weights.map(() => 0);
  const whole = BigInt(sum);
  const parts = weights.map((weight, index) => {
    const exact = BigInt(totalMinor) * BigInt(weight);
    return { index, part: Number(exact / whole), remainder: exact % whole };
  });
  let left = totalMinor - parts.reduce((a, b) => a + b.part, 0);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const entry of byRemainder) {
    if (left === 0) break;
    entry.part += 1;
    left -= 1;
  }
  return parts.map((entry) => entry.part);
}

/**
 * The sale as charged: each line's own discount, then the sale's discount on what is left,
 * spread over the lines. A discount above what it applies to is refused, its field named
 * (`items/N/discount/amountMinor`, `discount/amountMinor`); a percent is at most 100 % by its
 * schema. `decimals` only words the refusal ("the line's total (9.99)").
 */
export function applyDiscounts<Line extends DiscountableLine>(
  lines: readonly Line[],
  saleDiscount: Discount | undefined,
  decimals: number,
): DiscountOutcome<Line> {
  const lineDiscounts: number[] = [];
  for (const [index, line] of lines.entries()) {
    if (!line.discount) {
      lineDiscounts.push(0);
      continue;
    }
    const path = ['items', index, 'discount'];
    const off = discountOn(line.discount, line.lineTotalMinor, path, 'line', decimals);
    if (typeof off !== 'number') return { ok: false, error: off };
    lineDiscounts.push(off);
  }
  const remaining = lines.map((line, index) => line.lineTotalMinor - lineDiscounts[index]!);
  const remainingTotal = remaining.reduce((a, b) => a + b, 0);
  let saleDiscountMinor = 0;
  if (saleDiscount) {
    const what = lineDiscounts.some((off) => off > 0) ? 'afterLines' : 'sale';
    const off = discountOn(saleDiscount, remainingTotal, ['discount'], what, decimals);
    if (typeof off !== 'number') return { ok: false, error: off };
    saleDiscountMinor = off;
  }
  const shares = spreadByLargestRemainder(saleDiscountMinor, remaining);
  const discounted = lines.map((line, index): Line & DiscountFigures => {
    const lineDiscountMinor = lineDiscounts[index]!;
    const saleDiscountShareMinor = shares[index]!;
    const discountMinor = lineDiscountMinor + saleDiscountShareMinor;
    return {
      ...line,
      originalLineTotalMinor: line.lineTotalMinor,
      lineDiscountMinor,
      saleDiscountShareMinor,
      discountMinor,
      chargedLineTotalMinor: line.lineTotalMinor - discountMinor,
    };
  });
  const originalTotalMinor = lines.reduce((sum, line) => sum + line.lineTotalMinor, 0);
  const discountMinor = discounted.reduce((sum, line) => sum + line.discountMinor, 0);
  return {
    ok: true,
    value: {
      lines: discounted,
      originalTotalMinor,
      saleDiscountMinor,
      discountMinor,
      chargedTotalMinor: originalTotalMinor - discountMinor,
    },
  };
}
