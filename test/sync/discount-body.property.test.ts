// The platform totals a sale as Σ quantity × price, each rounded half up to the minor unit,
// and receives nothing else of a discount. For random carts with line and sale discounts, in
// currencies of 0, 2 and 3 minor digits, each sale is recorded through the real store on a
// real SQLite file and its body built as the sync engine builds it (the outbox's due sales,
// main/sync/sale-request.ts): the body's sum is the total charged, to the minor unit, and
// no price is negative.
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxQueries } from '../../db/outbox.js';
import { openStore, type Store } from '../../db/store.js';
import { applyDiscounts, type DiscountInput } from '../../domain/discount.js';
import { currencyDecimals, toScaledInteger } from '../../domain/money.js';
import { newSale } from '../../domain/new-sale.js';
import { saleRequestBody, type SaleRequestBody } from '../../main/sync/sale-request.js';
import { tempDir } from '../helpers/temp-dir.js';

const CURRENCIES = ['JPY', 'USD', 'KWD'] as const;

/** A discount's size as a share: a percent in basis points, or a fraction of its base. */
const discountArb = fc.option(
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
  { nil: undefined },
);
type DiscountShape = NonNullable<typeof discountArb extends fc.Arbitrary<infer T> ? T : never>;

const cartArb = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  items: fc.array(
    fc.record({
      productId: fc.constantFrom('prod_tea', 'prod_jam', 'prod_rice'),
      quantityMilli: fc.oneof(
        fc.integer({ min: 1, max: 20 }).map((n) => n * 1000),
        fc.integer({ min: 1, max: 50_000 }),
      ),
      unitPriceMinor: fc.oneof(
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
      ),
      discount: discountArb,
    }),
    { minLength: 1, maxLength: 6 },
  ),
  discount: discountArb,
});
type Cart = typeof cartArb extends fc.Arbitrary<infer T> ? T : never;

/** A discount as a caller gives it, its amount never above its base (or none on nothing). */
function given(shape: DiscountShape | undefined, baseMinor: number): DiscountInput | undefined {
  if (!shape) return undefined;
  if (shape.kind === 'percent') return { percent: shape.basisPoints / 100, reason: 'promo' };
  const amountMinor = Math.ceil(shape.share * baseMinor);
  return amountMinor > 0 ? { amountMinor, reason: 'promo' } : undefined;
}

/** The cart as a caller sends it, each amount within what its discount applies to. */
function saleInput(cart: Cart) {
  const decimals = currencyDecimals(cart.currency);
  const items = cart.items.map((item) => {
    const lineTotal = Math.floor((item.quantityMilli * item.unitPriceMinor + 500) / 1000);
    const discount = given(item.discount, lineTotal);
    return {
      productId: item.productId,
      quantity: item.quantityMilli / 1000,
      unitPriceMinor: item.unitPriceMinor,
      ...(discount ? { discount } : {}),
    };
  });
  const lines = newSale.parse({ items, paymentMethod: 'CARD' }).lines;
  const afterLines = applyDiscounts(lines, undefined, decimals);
  if (!afterLines.ok) throw new Error(afterLines.error.message);
  const discount = given(cart.discount, afterLines.value.chargedTotalMinor);
  return { items, paymentMethod: 'CARD', ...(discount ? { discount } : {}) };
}

/** Σ quantity × price over the body, each item rounded half up, from the JSON numbers. */
function bodySumMinor(body: SaleRequestBody, decimals: number): bigint {
  let sum = 0n;
  for (const item of body.items) {
    const milli = toScaledInteger(item.quantity, 3);
    const price = toScaledInteger(item.price, decimals);
    expect(milli, `quantity ${item.quantity}`).toBeDefined();
    expect(price, `price ${item.price} in ${decimals} decimals`).toBeDefined();
    expect(price!).toBeGreaterThanOrEqual(0);
    expect(milli!).toBeGreaterThan(0);
    sum += (BigInt(milli!) * BigInt(price!) * 2n + 1000n) / 2000n;
  }
  return sum;
}

let store: Store;
beforeAll(() => {
  store = openStore(join(tempDir(), 'tillsync.db'));
  store.settings.update({ paymentMethods: ['CASH', 'CARD'] });
});
afterAll(() => store.close());

describe('the body of a discounted sale', () => {
  it('adds up to the total charged, to the minor unit, with no negative price', () => {
    const outbox = createOutboxQueries(store.database);
    fc.assert(
      fc.property(cartArb, (cart) => {
        store.settings.update({ currency: cart.currency });
        const recorded = store.recordSale(newSale.parse(saleInput(cart)));
        if (!recorded.ok) throw new Error(recorded.error.message);
        const { saleId } = recorded.value;
        const sale = store.getSale(saleId)!;
        const bodies = new Map(
          outbox
            .dueSales(
              Number.MAX_SAFE_INTEGER,
              Number.MAX_SAFE_INTEGER,
              { createdAt: 0, position: 0 },
              1_000_000,
              (claimed) => JSON.stringify(saleRequestBody(claimed)),
            )
            .map((due) => [due.saleId, due.firstBody]),
        );
        const body = JSON.parse(bodies.get(saleId)!) as SaleRequestBody;
        const decimals = currencyDecimals(cart.currency);
        expect(bodySumMinor(body, decimals)).toBe(BigInt(sale.totalMinor));
        // Each line's items add up to its own charged total too, and say its product.
        expect(body.items.length).toBeGreaterThanOrEqual(sale.items.length);
        expect(body.items.length).toBeLessThanOrEqual(sale.items.length * 2);
        store.database.sqlite
          .prepare("update outbox set state = 'synced' where sale_id = ?")
          .run(saleId);
      }),
      { numRuns: 300 },
    );
  });
});
