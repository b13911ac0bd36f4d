// Property: for any cart, any line and sale discounts and a currency with 0, 2 or 3 minor
// digits, what comes off adds up (original − discount = charged, per line and overall), and
// the items sent to the platform carry the charged total exactly as the platform totals them
// (quantity × price per item, half up to the minor unit), with no negative price. A discount
// above 100 % or above what it applies to is refused, its field named.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDiscounts, discountSchema, type Discount } from '../../domain/discount.js';
import {
  currencyDecimals,
  lineTotalMinor,
  priceLines,
  QUANTITY_DECIMALS,
  toScaledInteger,
} from '../../domain/money.js';
import { platformItems } from '../../domain/platform-items.js';

const CURRENCIES = ['JPY', 'USD', 'KWD'] as const;

const quantityMilli = fc.oneof(
  fc.integer({ min: 1, max: 20 }).map((units) => units * 1000),
  fc.integer({ min: 1, max: 20_000 }),
  fc.integer({ min: 1, max: 999 }),
);
const unitPriceMinor = fc.oneof(
  fc.integer({ min: 0, max: 1_000 }),
  fc.integer({ min: 0, max: 1_000_000 }),
  fc.integer({ min: 0, max: 1_000_000_000_000 }),
);
/** A discount to be given: a percent in basis points, or a share of what it applies to. */
const discountWish = fc.option(
  fc.oneof(
    fc.record({
      kind: fc.constant('percent' as const),
      basisPoints: fc.integer({ min: 1, max: 10_000 }),
    }),
    fc.record({
      kind: fc.constant('amount' as const),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  ),
  { freq: 2 },
);
type Wish = { kind: 'percent'; basisPoints: number } | { kind: 'amount'; share: number } | null;

const cart = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  lines: fc.array(fc.record({ quantityMilli, unitPriceMinor, discount: discountWish }), {
    minLength: 1,
    maxLength: 8,
  }),
  saleDiscount: discountWish,
});

/** The wish as a discount coming in through its schema; an amount only where one fits. */
function given(wish: Wish, baseMinor: number): Discount | undefined {
  const reason = 'property';
  if (wish === null) return undefined;
  if (wish.kind === 'percent')
    return discountSchema.parse({ percent: wish.basisPoints / 100, reason });
  if (baseMinor === 0) return undefined;
  const amountMinor = Math.max(1, Math.min(baseMinor, Math.round(baseMinor * wish.share)));
  return discountSchema.parse({ amountMinor, reason });
}

function pricedCart(
  lines: Array<{ quantityMilli: number; unitPriceMinor: number; discount: Wish }>,
) {
  const priced = priceLines(lines);
  if ('tooLargeAt' in priced) return undefined;
  return priced.lines.map((line) => ({
    ...line,
    discount: given(line.discount, line.lineTotalMinor),
  }));
}

describe('discounts and the items sent, for any cart', () => {
  it('add up to the minor unit, and the items carry the charged total exactly', () => {
    fc.assert(
      fc.property(cart, ({ currency, lines, saleDiscount }) => {
        const decimals = currencyDecimals(currency);
        const priced = pricedCart(lines);
        fc.pre(priced !== undefined);
        const remaining = applyDiscounts(priced, undefined, decimals);
        if (!remaining.ok) throw new Error(remaining.error.message);
        const sale = applyDiscounts(
          priced,
          given(saleDiscount, remaining.value.chargedTotalMinor),
          decimals,
        );
        if (!sale.ok) throw new Error(sale.error.message);
        const { value } = sale;

        let sentMinor = 0;
        for (const line of value.lines) {
          expect(line.originalLineTotalMinor).toBe(
            lineTotalMinor(line.quantityMilli, line.unitPriceMinor),
          );
          expect(line.discountMinor).toBe(line.lineDiscountMinor + line.saleDiscountShareMinor);
          expect(line.originalLineTotalMinor - line.discountMinor).toBe(line.chargedLineTotalMinor);
          expect(line.lineDiscountMinor).toBeGreaterThanOrEqual(0);
          expect(line.saleDiscountShareMinor).toBeGreaterThanOrEqual(0);
          expect(line.chargedLineTotalMinor).toBeGreaterThanOrEqual(0);
          if (line.discount?.kind === 'percent') {
            // Half up: within half a minor unit of the exact percent, a tie rounded up.
            const exact = BigInt(line.originalLineTotalMinor) * BigInt(line.discount.basisPoints);
            const gap = BigInt(line.lineDiscountMinor) * 10_000n - exact;
            expect(gap > -5_000n && gap <= 5_000n).toBe(true);
          }

          const items = platformItems({ productId: 'prod_a', ...line }, decimals);
          expect(items.length).toBeGreaterThanOrEqual(1);
          expect(items.length).toBeLessThanOrEqual(2);
          let itemsMilli = 0;
          let itemsMinor = 0;
          for (const item of items) {
            // The JSON numbers read back exactly: at most 3 decimals, the currency's for a price.
            const milli = toScaledInteger(item.quantity, QUANTITY_DECIMALS);
            const price = toScaledInteger(item.price, decimals);
            expect(milli).toBeGreaterThan(0);
            expect(price).toBeGreaterThanOrEqual(0);
            itemsMilli += milli!;
            itemsMinor += lineTotalMinor(milli!, price!)!;
          }
          expect(itemsMilli).toBe(line.quantityMilli);
          expect(itemsMinor).toBe(line.chargedLineTotalMinor);
          // A line nothing came off goes as it always did: one item at its own unit price.
          if (line.discountMinor === 0)
            expect(items).toEqual([
              {
                productId: 'prod_a',
                quantity: line.quantityMilli / 1000,
                price: line.unitPriceMinor / 10 ** decimals,
              },
            ]);
          sentMinor += itemsMinor;
        }

        const sum = (pick: (line: (typeof value.lines)[number]) => number) =>
          value.lines.reduce((total, line) => total + pick(line), 0);
        expect(sum((line) => line.originalLineTotalMinor)).toBe(value.originalTotalMinor);
        expect(sum((line) => line.saleDiscountShareMinor)).toBe(value.saleDiscountMinor);
        expect(sum((line) => line.discountMinor)).toBe(value.discountMinor);
        expect(value.originalTotalMinor - value.discountMinor).toBe(value.chargedTotalMinor);
        expect(sum((line) => line.chargedLineTotalMinor)).toBe(value.chargedTotalMinor);
        expect(sentMinor).toBe(value.chargedTotalMinor);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses a discount above 100 % or above what it applies to, naming the field', () => {
    fc.assert(
      fc.property(
        cart,
        fc.nat({ max: 7 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 10_001, max: 1_000_000 }),
        ({ currency, lines }, pick, over, basisPoints) => {
          const decimals = currencyDecimals(currency);
          const priced = pricedCart(lines.map((line) => ({ ...line, discount: null })));
          fc.pre(priced !== undefined);
          const index = pick % priced.length;
          const reason = 'property';

          const percent = discountSchema.safeParse({ percent: basisPoints / 100, reason });
          expect(percent.success).toBe(false);
          expect(percent.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
            [['percent'], 'must be at most 100 %'],
          ]);

          const aboveLine = discountSchema.parse({
            amountMinor: priced[index]!.lineTotalMinor + over,
            reason,
          });
          const withLine = priced.map((line, at) =>
            at === index ? { ...line, discount: aboveLine } : line,
          );
          const refusedLine = applyDiscounts(withLine, undefined, decimals);
          expect(refusedLine.ok).toBe(false);
          expect(!refusedLine.ok && refusedLine.error.path).toEqual([
            'items',
            index,
            'discount',
            'amountMinor',
          ]);
          expect(!refusedLine.ok && refusedLine.error.message).toMatch(
            /^must not be more than the line's total/,
          );

          const total = priced.reduce((sum, line) => sum + line.lineTotalMinor, 0);
          const aboveSale = discountSchema.parse({ amountMinor: total + over, reason });
          const refusedSale = applyDiscounts(priced, aboveSale, decimals);
          expect(!refusedSale.ok && refusedSale.error.path).toEqual(['discount', 'amountMinor']);
        },
      ),
      { numRuns: 500 },
    );
  });
});
