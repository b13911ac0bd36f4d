import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../db/store.js';
import type { NewSaleInput } from '../../domain/new-sale.js';
import { checked, rowCounts, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let store: Store;
beforeEach(() => {
  store = openStore(join(tempDir(), 'tillsync.db'));
});
afterEach(() => store.close());

function recorded(input: NewSaleInput = validSale()) {
  const result = store.recordSale(checked(input));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const line = (name: string, priceMinor: number) => ({
  name,
  quantity: 1,
  unitPriceMinor: priceMinor,
  lineTotalMinor: priceMinor,
});

describe('recordSale', () => {
  it('records a sale, its items and its outbox row in one transaction', () => {
    const sale = recorded(validSale({ customerId: 'cus_42', shopId: 'shop_main' }));
    expect(rowCounts(store.database.sqlite)).toMatchObject({ sales: 1, sale_items: 2, outbox: 1 });
    const stored = store.getSale(sale.saleId)!;
    expect(stored).toMatchObject({
      saleId: sale.saleId,
      receiptNumber: 1,
      shopId: 'shop_main',
      customerId: 'cus_42',
      paymentMethod: 'CASH',
      currency: 'USD',
      totalMinor: 450, // 2 × 1.25 + 0.5 × 3.99 = 2.50 + 2.00 (1.995 rounded half up)
    });
    expect(stored.items).toEqual([
      {
        lineNumber: 1,
        productId: 'prod_8Hq2x',
        quantity: 2,
        unitPriceMinor: 125,
        lineTotalMinor: 250,
        discount: null,
        saleDiscountShareMinor: 0,
        chargedTotalMinor: 250,
      },
      {
        lineNumber: 2,
        productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11',
        quantity: 0.5,
        unitPriceMinor: 399,
        lineTotalMinor: 200,
        discount: null,
        saleDiscountShareMinor: 0,
        chargedTotalMinor: 200,
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

  it('answers with the receipt, in exact minor units, the same a reprint reads', () => {
    store.settings.update({ shopName: 'Corner Grocer', tillName: 'Front' });
    store.importCatalog({ products: [{ id: 'prod_10c', name: 'Sweet', price: 0.1 }] });
    const receipt = recorded({
      items: [
        { productId: 'prod_10c', quantity: 1, unitPriceMinor: 10 },
        { productId: 'prod_20c', quantity: 1, unitPriceMinor: 20 },
      ],
      paymentMethod: 'CASH',
      tenderedMinor: 35,
    });
    // 0.1 + 0.2 in floating point is 0.30000000000000004: here it is 30 cents, change 5.
    expect(receipt).toEqual({
      shopName: 'Corner Grocer',
      tillName: 'Front',
      saleId: expect.stringMatching(UUID) as string,
      receiptNumber: 1,
      createdAt: expect.any(Number) as number,
      currency: 'USD',
      lines: [
        { ...line('Sweet', 10), discount: null, chargedTotalMinor: 10 },
        { ...line('prod_20c', 20), discount: null, chargedTotalMinor: 20 },
      ],
      subtotalMinor: 30,
      discount: null,
      totalMinor: 30,
      barcode: 'TSR1',
      returnNumbers: [],
      paymentMethod: 'CASH',
      tenderedMinor: 35,
      changeMinor: 5,
      customerName: null,
      cashierName: null,
      state: 'pending',
    });
    expect(store.getReceipt(receipt.saleId)).toEqual(receipt);
  });

  it('numbers receipts one by one and gives every sale its own idempotency key', () => {
    const sales = Array.from({ length: 5 }, () => recorded());
    expect(sales.map((sale) => sale.receiptNumber)).toEqual([1, 2, 3, 4, 5]);
    const keys = sales.map((sale) => store.getSale(sale.saleId)!.outbox.idempotencyKey);
    expect(new Set(keys).size).toBe(5);
  });

  it('uses the configured shop when the sale names none', () => {
    store.settings.update({ shopId: 'shop_north' });
    expect(store.getSale(recorded().saleId)!.shopId).toBe('shop_north');
    expect(store.getSale(recorded(validSale({ shopId: 'shop_south' })).saleId)!.shopId).toBe(
      'shop_south',
    );
  });

  it('accepts the payment methods the till takes only, and then writes nothing', () => {
    const sell = (paymentMethod: string) => store.recordSale(checked(validSale({ paymentMethod })));
    expect(sell('MOBILE_MONEY').ok).toBe(true);
    store.settings.update({ paymentMethods: ['CASH', 'M_PESA'] });
    expect(sell('M_PESA').ok).toBe(true);
    const before = rowCounts(store.database.sqlite);
    const refused = sell('MOBILE_MONEY');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.fields).toEqual([
      {
        path: '/paymentMethod',
        message: 'must be one of CASH, M_PESA',
        say: { key: 'field.sale.oneOfMethods', values: { methods: 'CASH, M_PESA' } },
      },
    ]);
    expect(rowCounts(store.database.sqlite)).toEqual(before);
  });

  it("keeps minor units in the till's currency: whole yen, thousandths of a dinar", () => {
    store.settings.update({ currency: 'JPY' });
    const yen = recorded(
      validSale({ items: [{ productId: 'p1', quantity: 2, unitPriceMinor: 150 }] }),
    );
    expect(store.getSale(yen.saleId)).toMatchObject({
      currency: 'JPY',
      totalMinor: 300,
    });
    store.settings.update({ currency: 'KWD' });
    const dinar = recorded(
      validSale({ items: [{ productId: 'p1', quantity: 3, unitPriceMinor: 125 }] }),
    );
    expect(dinar).toMatchObject({ currency: 'KWD', totalMinor: 375 });
    expect(store.getSale(dinar.saleId)).toMatchObject({ totalMinor: 375 });
  });

  it('leaves no partial sale when a write inside the transaction fails', () => {
    store.database.sqlite.exec(
      `create temp trigger fail_outbox before insert on outbox begin select raise(abort, 'disk trouble'); end`,
    );
    expect(() => store.recordSale(checked())).toThrow(/disk trouble/);
    expect(rowCounts(store.database.sqlite)).toMatchObject({ sales: 0, sale_items: 0, outbox: 0 });
    store.database.sqlite.exec('drop trigger fail_outbox');
    expect(recorded().receiptNumber).toBe(1);
  });

  it('tells the cashier when the database cannot be written, and keeps working after', () => {
    store.database.sqlite.pragma('query_only = ON');
    const result = store.recordSale(checked());
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'storage_failed',
        message:
          'Saving the sale failed: the data folder cannot be written (a read-only disk, or its permissions). Fix that, then try again. Nothing was half-written.',
        say: {
          key: 'store.storageFailed',
          values: { action: 'Saving the sale', hint: 'readOnly' },
        },
      },
    });
    store.database.sqlite.pragma('query_only = OFF');
    expect(recorded().receiptNumber).toBe(1);
  });
});
