import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidInput } from '../../db/field-errors.js';
import { openStore, type Store } from '../../db/store.js';
import { fail } from '../../domain/result.js';
import { methods } from '../../main/contract/contract.js';
import { checked, rowCounts } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

// Generated in exact integers, sent as a till sends them: money in minor units.
const itemArb = fc.record({
  productId: fc.oneof(
    fc.uuid(),
    fc.stringMatching(/^prod_[A-Za-z0-9]{1,12}$/),
    fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /^[^\s\p{Cc}\p{Cf}]+$/u.test(s)),
  ),
  quantityMilli: fc.integer({ min: 1, max: 10_000_000 }),
  priceMinor: fc.integer({ min: 0, max: 100_000_000 }),
});

const saleArb = fc.record(
  {
    items: fc.array(itemArb, { minLength: 1, maxLength: 6 }),
    paymentMethod: fc.constantFrom('CASH', 'MOBILE_MONEY'),
    customerId: fc.stringMatching(/^cus_[a-z0-9]{1,10}$/),
    shopId: fc.uuid(),
  },
  { requiredKeys: ['items', 'paymentMethod'] },
);

type GeneratedSale = typeof saleArb extends fc.Arbitrary<infer T> ? T : never;

const toInput = (sale: GeneratedSale) => ({
  ...sale,
  items: sale.items.map((item) => ({
    productId: item.productId,
    quantity: item.quantityMilli / 1000,
    unitPriceMinor: item.priceMinor,
  })),
});

/** The expected total, computed without the store's code: round half up per line. */
const expectedTotal = (sale: GeneratedSale) =>
  sale.items.reduce(
    (sum, item) => sum + Math.round((item.quantityMilli * item.priceMinor) / 1000),
    0,
  );

// Each mutation breaks one rule and names the field that must be reported.
type Input = ReturnType<typeof toInput>;
const mutations: Array<[string, (input: Input) => unknown]> = [
  ['/items', (input) => ({ ...input, items: [] })],
  ['/items/0/unitPriceMinor', (input) => withItem(input, { unitPriceMinor: 100.5 })],
  ['/items/0/unitPriceMinor', (input) => withItem(input, { unitPriceMinor: -1 })],
  ['/items/0/unitPriceMinor', (input) => withItem(input, { unitPriceMinor: '100' })],
  ['/items/0/price', (input) => withItem(input, { price: 1 })],
  ['/items/0/quantity', (input) => withItem(input, { quantity: 0 })],
  ['/items/0/quantity', (input) => withItem(input, { quantity: 0.0005 })],
  ['/items/0/quantity', (input) => withItem(input, { quantity: -1 })],
  ['/items/0/productId', (input) => withItem(input, { productId: 'two words' })],
  ['/items/0/productId', (input) => withItem(input, { productId: '' })],
  ['/items/0/productId', (input) => withItem(input, { productId: 'x'.repeat(129) })],
  ['/items/0/productId', (input) => withItem(input, { productId: 'tab\there' })],
  ['/items/0/discount', (input) => withItem(input, { discount: 1 })],
  ['/paymentMethod', (input) => ({ ...input, paymentMethod: 'CHEQUE' })],
  ['/paymentMethod', ({ paymentMethod: _omitted, ...input }) => input],
  ['/total', (input) => ({ ...input, total: 10 })],
  ['/customerId', (input) => ({ ...input, customerId: ' ' })],
  ['/tenderedMinor', (input) => ({ ...input, tenderedMinor: -1 })],
  ['/tenderedMinor', (input) => ({ ...input, tenderedMinor: 1.5 })],
];

function withItem(input: Input, change: Record<string, unknown>) {
  const [first, ...rest] = input.items;
  return { ...input, items: [{ ...first, ...change }, ...rest] };
}

let store: Store;
beforeAll(() => {
  store = openStore(join(tempDir(), 'tillsync.db'));
});
afterAll(() => store.close());

/** What the contract and `tillsync record` do with a sale: check it once, then record it. */
function recordAtTheBoundary(input: unknown) {
  const parsed = methods.recordSale.input.safeParse(input);
  if (!parsed.success) return fail(invalidInput('The sale is not valid', parsed.error));
  return store.recordSale(parsed.data.sale);
}

describe('recordSale, property-based', () => {
  it('stores every valid sale exactly once and reads it back equal, total exact', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const before = rowCounts(store.database.sqlite);
        const result = store.recordSale(checked(toInput(sale)));
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const after = rowCounts(store.database.sqlite);
        expect(after.sales - before.sales).toBe(1);
        expect(after.outbox - before.outbox).toBe(1);
        expect(after.sale_items - before.sale_items).toBe(sale.items.length);

        const stored = store.getSale(result.value.saleId)!;
        expect(stored.totalMinor).toBe(expectedTotal(sale));
        expect(stored.paymentMethod).toBe(sale.paymentMethod);
        expect(stored.customerId).toBe(sale.customerId ?? null);
        expect(stored.shopId).toBe(sale.shopId ?? null);
        expect(stored.outbox.state).toBe('pending');
        expect(
          stored.items.map(({ productId, quantity, unitPriceMinor }) => ({
            productId,
            quantity,
            unitPriceMinor,
          })),
        ).toEqual(toInput(sale).items);
        // The answer is the receipt, the same a reprint reads.
        expect(result.value).toEqual(store.getReceipt(result.value.saleId));
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects every invalid sale at the boundary or the store, the bad field named, no row written', () => {
    fc.assert(
      fc.property(saleArb, fc.constantFrom(...mutations), (sale, [path, mutate]) => {
        const before = rowCounts(store.database.sqlite);
        const result = recordAtTheBoundary(mutate(toInput(sale)));
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.error.code).toBe('invalid_input');
        expect(result.error.fields?.map((field) => field.path)).toContain(path);
        expect(rowCounts(store.database.sqlite)).toEqual(before);
      }),
      { numRuns: 1000 },
    );
  });
});
