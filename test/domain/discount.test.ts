import { describe, expect, it } from 'vitest';
import {
  applyDiscounts,
  discountSchema,
  spreadByLargestRemainder,
  type Discount,
} from '../../domain/discount.js';
import { priceLines } from '../../domain/money.js';

const reason = 'loyal customer';
const percent = (value: number): Discount => discountSchema.parse({ percent: value, reason });
const amount = (minor: number): Discount => discountSchema.parse({ amountMinor: minor, reason });

/** Priced lines from [quantity in thousandths, unit price in minor units]. */
function priced(...lines: Array<[number, number]>) {
  const result = priceLines(
    lines.map(([quantityMilli, unitPriceMinor]) => ({ quantityMilli, unitPriceMinor })),
  );
  if ('tooLargeAt' in result) throw new Error('too large');
  return result.lines;
}

/** The field errors zod gives for a discount, as { path: message }. */
function refusals(input: unknown): Record<string, string> {
  const parsed = discountSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues.map((issue) => [issue.path.join('/'), issue.message]),
  );
}

describe('a discount as it comes in', () => {
  it('takes a percent to the hundredth or an amount in minor units, with a trimmed reason', () => {
    expect(discountSchema.parse({ percent: 12.5, reason: '  damaged box ' })).toEqual({
      kind: 'percent',
      basisPoints: 1250,
      reason: 'damaged box',
    });
    expect(discountSchema.parse({ percent: 100, reason })).toMatchObject({ basisPoints: 10_000 });
    expect(discountSchema.parse({ percent: 0.07, reason })).toMatchObject({ basisPoints: 7 });
    expect(discountSchema.parse({ amountMinor: 150, reason })).toEqual({
      kind: 'amount',
      amountMinor: 150,
      reason,
    });
  });

  it('refuses what a cashier could not mean, naming the field', () => {
    expect(refusals({ percent: 100.01, reason })).toEqual({ percent: 'must be at most 100 %' });
    expect(refusals({ percent: 0, reason })).toEqual({ percent: 'must be more than 0 %' });
    expect(refusals({ percent: -5, reason })).toEqual({ percent: 'must be more than 0 %' });
    expect(refusals({ percent: 12.345, reason })).toEqual({
      percent: 'must have at most 2 decimal places, like 12.5',
    });
    expect(refusals({ amountMinor: 1.5, reason })).toEqual({
      amountMinor: 'must be a whole number of minor units, like 150 for 1.50',
    });
    expect(refusals({ amountMinor: -100, reason })).toEqual({ amountMinor: 'must be more than 0' });
    expect(refusals({ amountMinor: 0, reason })).toEqual({ amountMinor: 'must be more than 0' });
    expect(refusals({ percent: 10, reason: '   ' })).toEqual({
      reason: 'is required: say why the discount is given',
    });
    expect(refusals({ percent: 10 })).toEqual({
      reason: 'is required: say why the discount is given',
    });
    expect(refusals({ percent: 10, reason: 'x'.repeat(201) })).toEqual({
      reason: 'must be at most 200 characters',
    });
    expect(refusals({ percent: 10, amountMinor: 100, reason })).toEqual({
      amountMinor: 'give a percent or an amount, not both',
    });
    expect(refusals({ reason })).toEqual({
      percent: 'is required: a percent like 10, or an amount in amountMinor',
    });
    expect(Object.keys(refusals({ percent: 10, reason, amount: 1.5 }))).toEqual(['']);
  });
});

describe('applying discounts', () => {
  it('takes 10 % off the whole sale and spreads it over the lines', () => {
    // 2 × 1.25 = 2.50 and 0.5 × 3.99 = 2.00 (1.995 half up): 4.50, 10 % off is 0.45.
    const result = applyDiscounts(priced([2000, 125], [500, 399]), percent(10), 2);
    expect(result).toMatchObject({
      ok: true,
      value: {
        originalTotalMinor: 450,
        saleDiscountMinor: 45,
        discountMinor: 45,
        chargedTotalMinor: 405,
      },
    });
    const lines = result.ok ? result.value.lines : [];
    // 45 × 250 / 450 = 25 and 45 × 200 / 450 = 20: exact, no remainder to place.
    expect(
      lines.map((line) => [
        line.unitPriceMinor,
        line.originalLineTotalMinor,
        line.discountMinor,
        line.chargedLineTotalMinor,
      ]),
    ).toEqual([
      [125, 250, 25, 225],
      [399, 200, 20, 180],
    ]);
  });

  it('rounds a percent half up to the minor unit, on the line first', () => {
    // 3 × 3.33 = 9.99; 12.5 % of it is 1.24875: 1.25 off.
    const result = applyDiscounts(
      [{ ...priced([3000, 333])[0]!, discount: percent(12.5) }],
      undefined,
      2,
    );
    expect(result.ok && result.value.lines[0]).toMatchObject({
      originalLineTotalMinor: 999,
      lineDiscountMinor: 125,
      saleDiscountShareMinor: 0,
      chargedLineTotalMinor: 874,
    });
  });

  it('takes the sale discount from what the line discounts left, by largest remainder', () => {
    const [first, second, third] = priced([1000, 100], [1000, 100], [1000, 150]);
    // Lines 1.00, 1.00, 1.50; 0.50 off the third leaves 1.00 each; 1.00 off the sale: 34/33/33.
    const result = applyDiscounts(
      [first!, second!, { ...third!, discount: amount(50) }],
      amount(100),
      2,
    );
    expect(
      result.ok &&
        result.value.lines.map((line) => [
          line.lineDiscountMinor,
          line.saleDiscountShareMinor,
          line.chargedLineTotalMinor,
        ]),
    ).toEqual([
      [0, 34, 66],
      [0, 33, 67],
      [50, 33, 67],
    ]);
    expect(result.ok && result.value).toMatchObject({
      originalTotalMinor: 350,
      saleDiscountMinor: 100,
      discountMinor: 150,
      chargedTotalMinor: 200,
    });
  });

  it('gives a line away at 100 % or its whole total, never below nothing', () => {
    const [line] = priced([3000, 333]);
    for (const discount of [percent(100), amount(999)]) {
      const result = applyDiscounts([{ ...line!, discount }], undefined, 2);
      expect(result.ok && result.value.chargedTotalMinor).toBe(0);
    }
    const sale = applyDiscounts(priced([3000, 333], [1000, 1]), percent(100), 2);
    expect(sale.ok && sale.value.lines.map((l) => l.chargedLineTotalMinor)).toEqual([0, 0]);
  });

  it("refuses an amount above the line's or the sale's total, naming the field", () => {
    const [line, other] = priced([3000, 333], [1000, 100]);
    expect(applyDiscounts([other!, { ...line!, discount: amount(1000) }], undefined, 2)).toEqual({
      ok: false,
      error: {
        path: ['items', 1, 'discount', 'amountMinor'],
        message: "must not be more than the line's total (9.99)",
        say: { key: 'field.discount.moreThanBase', values: { base: 'line', amount: '9.99' } },
      },
    });
    expect(applyDiscounts([line!, other!], amount(1100), 2)).toEqual({
      ok: false,
      error: {
        path: ['discount', 'amountMinor'],
        message: "must not be more than the sale's total (10.99)",
        say: { key: 'field.discount.moreThanBase', values: { base: 'sale', amount: '10.99' } },
      },
    });
    expect(applyDiscounts([{ ...line!, discount: amount(99) }, other!], amount(1001), 2)).toEqual({
      ok: false,
      error: {
        path: ['discount', 'amountMinor'],
        message: "must not be more than the sale's total after the line discounts (10.00)",
        say: {
          key: 'field.discount.moreThanBase',
          values: { base: 'afterLines', amount: '10.00' },
        },
      },
    });
    // In yen the figure has no decimals.
    expect(applyDiscounts(priced([1000, 500]), amount(501), 0)).toMatchObject({
      error: { message: "must not be more than the sale's total (500)" },
    });
  });

  it('keeps exact integers where a product passes 2^53', () => {
    const big = 9_000_000_000_000_000; // above 2^53 / 10 000: bp × total must be a BigInt
    expect(spreadByLargestRemainder(big, [big / 2, big / 2])).toEqual([big / 2, big / 2]);
    const [line] = priced([1000, big]);
    const result = applyDiscounts([{ ...line!, discount: percent(33.33) }], undefined, 2);
    expect(result.ok && result.value.lines[0]!.lineDiscountMinor).toBe(
      Number((BigInt(big) * 3333n * 2n + 10_000n) / 20_000n),
    );
  });
});
