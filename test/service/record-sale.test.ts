// A new sale at the contract, called as the UI calls it (the console and the desktop app
// share this service): checked once there, with money in integer minor units from what the
// cashier types to the receipt and the drawer. A refused sale names each bad field in a
// cashier's words and writes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, emptyCart, type CartContent } from '../../domain/cart.js';
import type { ProductView } from '../../domain/sale.js';
import type { Runtime } from '../../main/agent/runtime.js';
import { createService, type Service } from '../../main/agent/service.js';
import type { MethodOutput } from '../../main/contract/contract.js';
import { consoleRuntime } from '../helpers/runtime.js';
import { rowCounts, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

let runtime: Runtime;
let service: Service;
beforeEach(async () => {
  runtime = await consoleRuntime(tempDir());
  service = createService(runtime);
});
afterEach(() => runtime.close());

const rows = () => rowCounts(runtime.store.database.sqlite);

/**
 * Calls a method that must be refused; answers its fields' paths and English words, sorted by
 * path, once each field is seen to carry its catalog key (a screen says it in its language).
 * Input that is not a sale at all gets zod's own words, which have no key: `said: false`.
 */
async function refusedFields(
  method: 'recordSale' | 'chargeCart',
  input: unknown,
  { said = true } = {},
) {
  const result = await service.call(method, input);
  expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  const fields = result.ok ? [] : (result.error.fields ?? []);
  if (said) expect(fields.filter((field) => !field.say?.key)).toEqual([]);
  return [...fields]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map(({ path, message }) => ({ path, message }));
}

async function value<T>(result: Promise<{ ok: true; value: T } | { ok: false; error: unknown }>) {
  const answer = await result;
  if (!answer.ok) throw new Error(JSON.stringify(answer.error));
  return answer.value;
}

describe('recordSale at the contract', () => {
  it('names every bad field in words, and writes nothing', async () => {
    const before = rows();
    const fields = await refusedFields('recordSale', {
      items: [
        { productId: 'a b', quantity: 0, unitPriceMinor: 12.5 },
        { productId: '', quantity: 1.0001, unitPriceMinor: -1, colour: 'red' },
      ],
      paymentMethod: '',
      customerId: 7,
      discount: 5,
      tenderedMinor: '10',
    });
    expect(fields).toEqual([
      { path: '/customerId', message: 'must be a text id' },
      {
        path: '/discount',
        message: 'must be a discount, like { "percent": 10, "reason": "damaged box" }',
      },
      { path: '/items/0/productId', message: 'must not contain spaces or control characters' },
      { path: '/items/0/quantity', message: 'must be greater than 0' },
      {
        path: '/items/0/unitPriceMinor',
        message: 'must be a whole number of minor units, like 1250 for 12.50',
      },
      { path: '/items/1/colour', message: 'is not a known field' },
      { path: '/items/1/productId', message: 'must not be empty' },
      { path: '/items/1/quantity', message: 'must have at most 3 decimal places' },
      { path: '/items/1/unitPriceMinor', message: 'must not be negative' },
      { path: '/paymentMethod', message: 'must not be empty' },
      { path: '/tenderedMinor', message: 'must be a number' },
    ]);
    expect(rows()).toEqual(before);
  });

  it.each([
    // Major units sent by mistake are refused, never taken as cents.
    [{ tenderedMinor: 10 }, 'is less than the total (450)'],
    [{ tenderedMinor: 449 }, 'is less than the total (450)'],
    [{ tenderedMinor: 4.5 }, 'must be a whole number of minor units, like 1250 for 12.50'],
    [{ tenderedMinor: -1 }, 'must not be negative'],
    [{ tenderedMinor: 500, paymentMethod: 'MOBILE_MONEY' }, 'is only taken for CASH sales'],
  ])('refuses cash handed over as %o, and writes nothing', async (change, message) => {
    const before = rows();
    expect(await refusedFields('recordSale', validSale(change))).toEqual([
      { path: '/tenderedMinor', message },
    ]);
    expect(rows()).toEqual(before);
  });

  it.each([
    [1.25, 'must be a whole number of minor units, like 1250 for 12.50'],
    ['125', 'must be a number'],
    [10 ** 13, 'must be at most 1000000000000'],
  ])('refuses a unit price of %o minor units, and writes nothing', async (price, message) => {
    const before = rows();
    const item = { productId: 'prod_1', quantity: 1, unitPriceMinor: price };
    expect(await refusedFields('recordSale', { ...validSale(), items: [item] })).toEqual([
      { path: '/items/0/unitPriceMinor', message },
    ]);
    expect(rows()).toEqual(before);
  });

  it('refuses a total too large to be exact, naming the line that makes it so', async () => {
    const huge = { productId: 'p1', quantity: 90_000, unitPriceMinor: 99_999_999_999 };
    const fields = await refusedFields('recordSale', validSale({ items: [huge, huge, huge] }));
    expect(fields).toEqual([{ path: '/items/1', message: 'the total is too large to be exact' }]);
    expect(rows().sales).toBe(0);
  });

  it('refuses a sale without items, and input that is not a sale at all', async () => {
    for (const input of [validSale({ items: [] }), null, 'sale', [validSale()], 42])
      expect((await refusedFields('recordSale', input, { said: false })).length).toBeGreaterThan(0);
    expect(rows().sales).toBe(0);
  });

  it('names a payment method the till does not take, and writes nothing', async () => {
    const before = rows();
    expect(await refusedFields('recordSale', validSale({ paymentMethod: 'CARD' }))).toEqual([
      { path: '/paymentMethod', message: 'must be one of CASH, MOBILE_MONEY' },
    ]);
    expect(rows()).toEqual(before);
  });
});

describe('a sale recorded in one round trip', () => {
  /** Two products whose prices add up badly in floating point: 0.1 + 0.2. */
  async function sweets(): Promise<[ProductView, ProductView]> {
    const products = [
      { id: 'prod_10c', name: 'Sweet', price: 0.1 },
      { id: 'prod_20c', name: 'Toffee', price: 0.2 },
    ];
    await value(
      service.call('importCatalog', { format: 'json', text: JSON.stringify({ products }) }),
    );
    const found = await Promise.all(
      products.map(({ id }) => value(service.call('findProduct', { code: id }))),
    );
    return found as [ProductView, ProductView];
  }

  const drawer = async () =>
    (await value(service.call('getDayTotals', {}))) as MethodOutput<'getDayTotals'>;

  it('answers the receipt, exact to the minor unit, as a reprint reads it', async () => {
    await sweets();
    const receipt = (await value(
      service.call('recordSale', {
        items: [
          { productId: 'prod_10c', quantity: 1, unitPriceMinor: 10 },
          { productId: 'prod_20c', quantity: 1, unitPriceMinor: 20 },
        ],
        paymentMethod: 'CASH',
        tenderedMinor: 35,
      }),
    )) as MethodOutput<'recordSale'>;
    expect(receipt).toMatchObject({
      receiptNumber: 1,
      lines: [
        { name: 'Sweet', quantity: 1, unitPriceMinor: 10, lineTotalMinor: 10 },
        { name: 'Toffee', quantity: 1, unitPriceMinor: 20, lineTotalMinor: 20 },
      ],
      totalMinor: 30,
      tenderedMinor: 35,
      changeMinor: 5,
      state: 'pending',
    });
    expect(await value(service.call('getReceipt', { saleId: receipt.saleId }))).toEqual(receipt);
    // The drawer holds what was handed over less the change: 30, not 30.000000000000004.
    expect((await drawer()).cashExpectedMinor).toBe(30);
  });

  it('charges a cart with the cash typed by the cashier, to the minor unit, in the drawer', async () => {
    const [sweet, toffee] = await sweets();
    const cart: CartContent = {
      ...[sweet, toffee].reduce(addProduct, emptyCart('CASH')),
      tendered: '0.35',
    };
    const receipt = (await value(
      service.call('chargeCart', { cart }),
    )) as MethodOutput<'chargeCart'>;
    expect(receipt).toMatchObject({ totalMinor: 30, tenderedMinor: 35, changeMinor: 5 });
    expect(await value(service.call('getReceipt', { saleId: receipt.saleId }))).toEqual(receipt);
    expect((await drawer()).cashExpectedMinor).toBe(30);
    expect(runtime.store.readCounter().cart).toEqual(emptyCart('CASH'));
  });
});
