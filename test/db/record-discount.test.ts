// Discounts as the store writes them: a line's own discount and the sale's, spread over the
// lines; the total charged is what the customer pays and what the cash handed over is
// compared with. The receipt answered at the counter is the reprint's; a refused discount
// names its field and writes nothing; an archived sale keeps its discounts; a correction of
// a refused discounted sale keeps them too, and may not change its lines' prices.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { archiveFileName, archiveFolder, archiveSales } from '../../db/archive.js';
import { openStore, type Store } from '../../db/store.js';
import { addProduct, emptyCart, setQuantity } from '../../domain/cart.js';
import { setDiscount } from '../../domain/cart-charged.js';
import { corrected, checked, rowCounts } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

let store: Store;
beforeEach(() => {
  store = openStore(join(tempDir(), 'tillsync.db'));
});
afterEach(() => store.close());

/** 3 × 3.33 with 10 % off the line, then 1.00 off the sale, and 2 × 5.00 beside it. */
const discounted = (tenderedMinor?: number) =>
  checked({
    items: [
      {
        productId: 'prod_tea',
        quantity: 3,
        unitPriceMinor: 333,
        discount: { percent: 10, reason: 'dented tin' },
      },
      { productId: 'prod_jam', quantity: 2, unitPriceMinor: 500 },
    ],
    discount: { amountMinor: 100, reason: 'loyal customer' },
    paymentMethod: 'CASH',
    ...(tenderedMinor === undefined ? {} : { tenderedMinor }),
  });

describe('a discounted sale in the store', () => {
  it('writes what each discount took off and charges the total after them; the receipt is the reprint', () => {
    const receipt = store.recordSale(discounted(2000));
    expect(receipt.ok).toBe(true);
    if (!receipt.ok) return;
    // 9.99 less 1.00 (10 %, half up) = 8.99; with 10.00: 18.99, less 1.00 = 17.99.
    expect(receipt.value).toMatchObject({
      subtotalMinor: 1899,
      totalMinor: 1799,
      tenderedMinor: 2000,
      changeMinor: 201,
      discount: { basisPoints: null, amountMinor: 100, reason: 'loyal customer' },
    });
    expect(receipt.value.lines).toMatchObject([
      {
        lineTotalMinor: 999,
        discount: { basisPoints: 1000, amountMinor: 100, reason: 'dented tin' },
        chargedTotalMinor: 899,
      },
      { lineTotalMinor: 1000, discount: null, chargedTotalMinor: 1000 },
    ]);
    expect(store.getReceipt(receipt.value.saleId)).toEqual(receipt.value);

    const sale = store.getSale(receipt.value.saleId)!;
    // The sale's 1.00 spread in proportion to 8.99 and 10.00: 0.47 and 0.53.
    expect(sale.items.map((item) => [item.saleDiscountShareMinor, item.chargedTotalMinor])).toEqual(
      [
        [47, 852],
        [53, 947],
      ],
    );
    expect(sale.totalMinor).toBe(1799);
    const row = store.database.sqlite
      .prepare(
        'select discount_amount_minor, discount_minor, discount_approved_by from sales where id = ?',
      )
      .get(receipt.value.saleId);
    expect(row).toEqual({
      discount_amount_minor: 100,
      discount_minor: 100,
      discount_approved_by: null,
    });
  });

  it('compares the cash handed over with the total charged, after the discounts', () => {
    expect(store.recordSale(discounted(1799)).ok).toBe(true);
    const before = rowCounts(store.database.sqlite);
    const short = store.recordSale(discounted(1798));
    expect(short).toMatchObject({
      ok: false,
      error: { fields: [{ path: '/tenderedMinor', message: 'is less than the total (1799)' }] },
    });
    expect(rowCounts(store.database.sqlite)).toEqual(before);
  });

  it('refuses a discount above what it applies to, naming the field, and writes nothing', () => {
    const before = rowCounts(store.database.sqlite);
    const onLine = store.recordSale(
      checked({
        items: [
          {
            productId: 'prod_tea',
            quantity: 3,
            unitPriceMinor: 333,
            discount: { amountMinor: 1000, reason: 'too much' },
          },
        ],
        paymentMethod: 'CASH',
      }),
    );
    expect(onLine).toMatchObject({
      ok: false,
      error: {
        fields: [
          {
            path: '/items/0/discount/amountMinor',
            message: "must not be more than the line's total (9.99)",
          },
        ],
      },
    });
    store.settings.update({ currency: 'JPY' });
    const settled = rowCounts(store.database.sqlite);
    const onSale = store.recordSale(
      checked({
        items: [{ productId: 'prod_tea', quantity: 3, unitPriceMinor: 333 }],
        discount: { amountMinor: 1000, reason: 'too much' },
        paymentMethod: 'CASH',
      }),
    );
    expect(onSale).toMatchObject({
      ok: false,
      error: {
        fields: [
          {
            path: '/discount/amountMinor',
            message: "must not be more than the sale's total (999)",
          },
        ],
      },
    });
    expect(rowCounts(store.database.sqlite)).toEqual(settled);
    expect(settled.sales).toBe(before.sales);
  });

  it('keeps its discounts when archived', async () => {
    const at = Date.UTC(2024, 2, 1, 12);
    const receipt = store.recordSale(discounted(), { now: at });
    if (!receipt.ok) throw new Error(receipt.error.message);
    // The archive copies whole rows: every discount column, as written.
    const rowsIn = (sqlite: Database.Database) => ({
      sales: sqlite.prepare('select * from sales').all(),
      items: sqlite.prepare('select * from sale_items order by line_number').all(),
    });
    const before = rowsIn(store.database.sqlite);
    expect(before.items).toMatchObject([
      { discount_basis_points: 1000, line_discount_minor: 100, sale_discount_share_minor: 47 },
      { discount_reason: null, line_discount_minor: 0, sale_discount_share_minor: 53 },
    ]);
    store.database.sqlite.prepare("update outbox set state = 'synced'").run();
    expect(await archiveSales(store.database, Date.UTC(2025, 0, 1))).toBe(1);
    expect(rowsIn(store.database.sqlite)).toEqual({ sales: [], items: [] });
    const archive = new Database(join(archiveFolder(store.file), archiveFileName(2024)), {
      readonly: true,
    });
    try {
      expect(rowsIn(archive)).toEqual(before);
    } finally {
      archive.close();
    }
  });

  it('keeps its discounts through a correction, and refuses a correction that changes a price', () => {
    const receipt = store.recordSale(discounted());
    if (!receipt.ok) throw new Error(receipt.error.message);
    const { saleId } = receipt.value;
    store.database.sqlite.prepare("update outbox set state = 'refused'").run();
    const before = store.getSale(saleId)!;
    const repriced = store.editRefused(
      saleId,
      corrected({
        items: [
          { productId: 'prod_tea', quantity: 3, unitPriceMinor: 300 },
          { productId: 'prod_jam', quantity: 2, unitPriceMinor: 500 },
        ],
        paymentMethod: 'CASH',
      }),
    );
    expect(repriced.ok).toBe(false);
    if (repriced.ok) return;
    expect(repriced.error.fields?.map((field) => field.path)).toEqual(['/items/0']);
    expect(repriced.error.message).toMatch(/keep their quantities and prices/);
    expect(store.getSale(saleId)).toEqual(before);

    const fixed = store.editRefused(
      saleId,
      corrected({
        items: [
          { productId: 'prod_green_tea', quantity: 3, unitPriceMinor: 333 },
          { productId: 'prod_jam', quantity: 2, unitPriceMinor: 500 },
        ],
        paymentMethod: 'CASH',
      }),
    );
    expect(fixed.ok).toBe(true);
    const after = store.getSale(saleId)!;
    expect(after.items.map((item) => item.productId)).toEqual(['prod_green_tea', 'prod_jam']);
    expect(after.items.map(({ productId: _, ...item }) => item)).toEqual(
      before.items.map(({ productId: _, ...item }) => item),
    );
    expect(after.totalMinor).toBe(1799);
  });

  it('lists a held cart at what it will charge, after its discounts', () => {
    const tea = { id: 'prod_tea', name: 'Tea', priceMinor: 333, category: null, barcode: null };
    const cart = setDiscount(
      setQuantity(addProduct(emptyCart('CASH'), tea), 'prod_tea', '3'),
      'sale',
      { kind: 'percent', text: '10', reason: 'regular' },
    );
    expect(store.holdCart(cart, 'back soon').ok).toBe(true);
    expect(store.readCounter().held.map((held) => held.totalMinor)).toEqual([899]);
  });
});
