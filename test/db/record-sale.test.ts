import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../db/store.js';
import { rowCounts, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let store: Store;
beforeEach(() => {
  store = openStore(join(tempDir(), 'tillsync.db'));
});
afterEach(() => store.close());

function recorded(input: unknown = validSale()) {
  const result = store.recordSale(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('recordSale', () => {
  it('records a sale, its items and its outbox row in one transaction', () => {
    const sale = recorded(validSale({ customerId: 'cus_42', shopId: 'shop_main' }));
    expect(rowCounts(store.database.sqlite)).toMatchObject({ sales: 1, sale_items: 2, outbox: 1 });
    const stored = store.getSale(sale.id)!;
    expect(stored).toMatchObject({
      id: sale.id,
      receiptNumber: 1,
      shopId: 'shop_main',
      customerId: 'cus_42',
      paymentMethod: 'CASH',
      currency: 'USD',
      totalMinor: 450, // 2 × 1.25 + 0.5 × 3.99 = 2.50 + 2.00 (1.995 rounded half up)
      total: 4.5,
    });
    expect(stored.items).toEqual([
      {
        lineNumber: 1,
        productId: 'prod_8Hq2x',
        quantity: 2,
        price: 1.25,
        unitPriceMinor: 125,
        lineTotalMinor: 250,
      },
      {
        lineNumber: 2,
        productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11',
        quantity: 0.5,
        price: 3.99,
        unitPriceMinor: 399,
        lineTotalMinor: 200,
      },
    ]);
    expect(stored.outbox).toMatchObject({
      state: 'pending',
      revision: 1,
      attempts: 0,
      platformId: null,
    });
    expect(stored.outbox.idempotencyKey).toMatch(UUID);
  });

  it('numbers receipts one by one and gives every sale its own idempotency key', () => {
    const sales = Array.from({ length: 5 }, () => recorded());
    expect(sales.map((sale) => sale.receiptNumber)).toEqual([1, 2, 3, 4, 5]);
    const keys = sales.map((sale) => store.getSale(sale.id)!.outbox.idempotencyKey);
    expect(new Set(keys).size).toBe(5);
  });

  it('uses the configured shop when the sale names none', () => {
    store.settings.update({ shopId: 'shop_north' });
    expect(store.getSale(recorded().id)!.shopId).toBe('shop_north');
    expect(store.getSale(recorded(validSale({ shopId: 'shop_south' })).id)!.shopId).toBe(
      'shop_south',
    );
  });

  it('accepts the configured payment methods only', () => {
    expect(store.recordSale(validSale({ paymentMethod: 'MOBILE_MONEY' })).ok).toBe(true);
    store.settings.update({ paymentMethods: ['CASH', 'M_PESA'] });
    expect(store.recordSale(validSale({ paymentMethod: 'M_PESA' })).ok).toBe(true);
    const refused = store.recordSale(validSale({ paymentMethod: 'MOBILE_MONEY' }));
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.fields).toEqual([
      { path: '/paymentMethod', message: 'must be one of CASH, M_PESA' },
    ]);
  });

  it('follows the currency minor units: no cents in yen, three decimals in dinar', () => {
    store.settings.update({ currency: 'JPY' });
    const yen = store.recordSale(
      validSale({ items: [{ productId: 'p1', quantity: 1, price: 150.5 }] }),
    );
    expect(!yen.ok && yen.error.fields?.[0]).toEqual({
      path: '/items/0/price',
      message: 'has too many decimal places (JPY has no minor units)',
    });
    store.settings.update({ currency: 'KWD' });
    const dinar = recorded(validSale({ items: [{ productId: 'p1', quantity: 3, price: 0.125 }] }));
    expect(store.getSale(dinar.id)).toMatchObject({
      currency: 'KWD',
      totalMinor: 375,
      total: 0.375,
    });
  });

  it('names every bad field with its path and writes nothing', () => {
    const before = rowCounts(store.database.sqlite);
    const result = store.recordSale({
      items: [
        { productId: 'a b', quantity: 0, price: 0.001 },
        { productId: '', quantity: 1.0001, price: -1, colour: 'red' },
      ],
      paymentMethod: 'CARD',
      customerId: 7,
      discount: 5,
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('invalid_input');
    expect(!result.ok && result.error.fields?.map((field) => field.path).sort()).toEqual([
      '/customerId',
      '/discount',
      '/items/0/price',
      '/items/0/productId',
      '/items/0/quantity',
      '/items/1/colour',
      '/items/1/price',
      '/items/1/productId',
      '/items/1/quantity',
      '/paymentMethod',
    ]);
    expect(rowCounts(store.database.sqlite)).toEqual(before);
  });

  it('refuses a sale without items, and input that is not a sale at all', () => {
    for (const input of [validSale({ items: [] }), null, 'sale', [validSale()], 42]) {
      const result = store.recordSale(input);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.fields?.length).toBeGreaterThan(0);
    }
    expect(rowCounts(store.database.sqlite).sales).toBe(0);
  });

  it('refuses a total too large to be exact', () => {
    const huge = { productId: 'p1', quantity: 90_000, price: 999_999_999.99 }; // 9e15 minor units a line
    const result = store.recordSale(validSale({ items: Array.from({ length: 3 }, () => huge) }));
    expect(!result.ok && result.error.fields).toEqual([
      { path: '/items/1', message: 'the total is too large to be exact' },
    ]);
    expect(rowCounts(store.database.sqlite).sales).toBe(0);
  });

  it('leaves no partial sale when a write inside the transaction fails', () => {
    store.database.sqlite.exec(
      `create temp trigger fail_outbox before insert on outbox begin select raise(abort, 'disk trouble'); end`,
    );
    expect(() => store.recordSale(validSale())).toThrow(/disk trouble/);
    expect(rowCounts(store.database.sqlite)).toMatchObject({ sales: 0, sale_items: 0, outbox: 0 });
    store.database.sqlite.exec('drop trigger fail_outbox');
    expect(recorded().receiptNumber).toBe(1);
  });

  it('tells the cashier when the database cannot be written, and keeps working after', () => {
    store.database.sqlite.pragma('query_only = ON');
    const result = store.recordSale(validSale());
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'storage_failed',
        message:
          'Saving the sale failed: the data folder cannot be written (a read-only disk, or its permissions). Fix that, then try again. Nothing was half-written.',
      },
    });
    store.database.sqlite.pragma('query_only = OFF');
    expect(recorded().receiptNumber).toBe(1);
  });
});
