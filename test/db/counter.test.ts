// The counter's data: barcodes in the catalog, cash tendered and change, receipts.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../db/store.js';
import { catalogFromCsv } from '../../main/catalog/catalog-csv.js';
import { ean13, SEED_PRODUCTS } from '../../sandbox/seed-data.js';
import { checked, rowCounts, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

let store: Store;
beforeEach(() => {
  store = openStore(join(tempDir(), 'tillsync.db'));
});
afterEach(() => store.close());

const product = (id: string, name: string, barcode?: string) => ({
  id,
  name,
  price: 1.5,
  ...(barcode ? { barcode } : {}),
});

function imported(products: unknown[]) {
  const result = store.importCatalog({ products });
  if (!result.ok) throw new Error(result.error.message);
}

describe('barcodes', () => {
  it('finds a product by its barcode or its id, exactly, and searches by barcode', () => {
    imported([product('prod_a', 'Apple', '5012345000011'), product('prod_b', 'Banana')]);
    expect(store.findProduct('5012345000011')).toMatchObject({ id: 'prod_a', priceMinor: 150 });
    expect(store.findProduct(' prod_b ')).toMatchObject({ id: 'prod_b', barcode: null });
    expect(store.findProduct('501234500001')).toBeUndefined(); // a prefix is not a match
    expect(store.findProduct('Apple')).toBeUndefined(); // names are the search's job
    expect(store.searchProducts('5012345000011').map((p) => p.id)).toEqual(['prod_a']);
  });

  it('prefers a barcode over an id that happens to be the same text', () => {
    imported([product('12345', 'By id'), product('prod_x', 'By barcode', '12345')]);
    expect(store.findProduct('12345')?.id).toBe('prod_x');
  });

  it('refuses one barcode on two products, in one import or against the till, writing nothing', () => {
    const before = rowCounts(store.database.sqlite);
    const twice = store.importCatalog({
      products: [product('prod_a', 'A', '111'), product('prod_b', 'B', '111')],
    });
    expect(twice.ok).toBe(false);
    expect(!twice.ok && twice.error.fields).toEqual([
      {
        path: '/products/1/barcode',
        message: '111 is also the barcode of prod_a',
        say: { key: 'field.catalog.barcodeTwice', values: { barcode: '111', earlier: 'prod_a' } },
      },
    ]);
    expect(rowCounts(store.database.sqlite)).toEqual(before);

    imported([product('prod_a', 'A', '111')]);
    const taken = store.importCatalog({ products: [product('prod_c', 'C', '111')] });
    expect(!taken.ok && taken.error.fields).toEqual([
      {
        path: '/products/0/barcode',
        message: '111 is already the barcode of prod_a',
        say: { key: 'field.catalog.barcodeTaken', values: { barcode: '111', holder: 'prod_a' } },
      },
    ]);
    expect(store.findProduct('111')?.id).toBe('prod_a');
  });

  it('lets barcodes move between products of one import, and removes one left out', () => {
    imported([product('prod_a', 'A', '111'), product('prod_b', 'B', '222')]);
    imported([product('prod_a', 'A', '222'), product('prod_b', 'B', '111')]);
    expect(store.findProduct('111')?.id).toBe('prod_b');
    expect(store.findProduct('222')?.id).toBe('prod_a');
    imported([product('prod_a', 'A')]);
    expect(store.findProduct('222')).toBeUndefined();
  });

  it('names a malformed barcode', () => {
    const result = store.importCatalog({ products: [product('prod_a', 'A', '12 34')] });
    expect(!result.ok && result.error.fields?.[0]?.path).toBe('/products/0/barcode');
  });

  it('reads a barcode column from CSV', () => {
    const csv = catalogFromCsv(
      'id,name,price,barcode\nprod_a,Apple,1.50,4006381333931\nprod_b,Pear,2,\n',
    );
    expect(csv.products).toEqual([
      { id: 'prod_a', name: 'Apple', price: 1.5, barcode: '4006381333931' },
      { id: 'prod_b', name: 'Pear', price: 2 },
    ]);
  });

  it('seeds the sandbox with valid, distinct EAN-13 codes', () => {
    const codes = SEED_PRODUCTS.map((p) => p.barcode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^\d{13}$/);
      expect(ean13(code.slice(0, 12))).toBe(code);
    }
    expect(ean13('400638133393')).toBe('4006381333931'); // a published EAN-13
  });
});

describe('cash tendered and change', () => {
  const total = 450; // validSale(): 2 x 1.25 + 0.5 x 3.99 = 4.495, rounded half up
  it('keeps the amount tendered and the change with a cash sale', () => {
    const sale = store.recordSale(checked(validSale({ tenderedMinor: 1000 })));
    expect(sale.ok && sale.value).toMatchObject({
      totalMinor: total,
      tenderedMinor: 1000,
      changeMinor: 550,
    });
    const saved = store.getSale(sale.ok ? sale.value.saleId : '');
    expect(saved).toMatchObject({ tenderedMinor: 1000, changeMinor: 550 });
  });

  it('takes the exact amount when none is given, and none for other methods', () => {
    const exact = store.recordSale(checked());
    expect(exact.ok && exact.value).toMatchObject({ tenderedMinor: 450, changeMinor: 0 });
    const mobile = store.recordSale(checked(validSale({ paymentMethod: 'MOBILE_MONEY' })));
    expect(mobile.ok && mobile.value).toMatchObject({ tenderedMinor: null, changeMinor: null });
  });
});

describe('receipts', () => {
  it('carry the shop, the till, the lines by name, the payment, the change and the state', () => {
    store.settings.update({ shopName: 'Corner Grocer', tillName: 'Front' });
    imported([product('prod_8Hq2x', 'Sourdough loaf')]);
    store.importCatalog({ customers: [{ id: 'cust_1', name: 'Amina Njoroge' }] });
    const sale = store.recordSale(
      checked(validSale({ customerId: 'cust_1', tenderedMinor: 2000 })),
    );
    if (!sale.ok) throw new Error(sale.error.message);
    expect(sale.value).toEqual(store.getReceipt(sale.value.saleId));
    expect(sale.value).toEqual({
      shopName: 'Corner Grocer',
      tillName: 'Front',
      saleId: sale.value.saleId,
      receiptNumber: 1,
      createdAt: sale.value.createdAt,
      currency: 'USD',
      lines: [
        {
          name: 'Sourdough loaf',
          quantity: 2,
          unitPriceMinor: 125,
          lineTotalMinor: 250,
          discount: null,
          chargedTotalMinor: 250,
        },
        // Not in the catalog: printed by its id.
        {
          name: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11',
          quantity: 0.5,
          unitPriceMinor: 399,
          lineTotalMinor: 200,
          discount: null,
          chargedTotalMinor: 200,
        },
      ],
      subtotalMinor: 450,
      discount: null,
      totalMinor: 450,
      barcode: 'TSR1',
      returnNumbers: [],
      paymentMethod: 'CASH',
      tenderedMinor: 2000,
      changeMinor: 1550,
      customerName: 'Amina Njoroge',
      cashierName: null,
      state: 'pending',
    });
    expect(store.getReceipt('no-such-sale')).toBeUndefined();
  });
});
