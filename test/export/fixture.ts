// A till with sales in every state and awkward text, for the export golden files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { openStore, type Store } from '../../db/store.js';
import { repoRoot } from '../helpers/cli.js';
import type { NewSaleInput } from '../../domain/new-sale.js';
import { checked } from '../helpers/sales.js';
import { v1ReturnDelivery } from '../../main/sync/return-delivery.js';

/** 2026-11-02 09:15 in Nairobi (UTC+3, no daylight saving): the golden files' zone. */
export const NAIROBI = 'Africa/Nairobi';
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour - 3, minute);

function record(store: Store, sale: NewSaleInput, now: number, cashierId?: string): string {
  const result = store.recordSale(checked(sale), { now, cashierId });
  if (!result.ok) throw new Error(result.error.message);
  return result.value.saleId;
}

/** Writes the fixture till into `dataDir`; its sales are on 1 to 4 November 2026. */
export function exportFixture(dataDir: string): Store {
  const store = openStore(join(dataDir, 'tillsync.db'));
  store.importCatalog({
    products: [
      { id: 'prod_latte', name: 'Café ☕ latte', price: 3.2 },
      { id: 'prod_sum', name: '=SUM(A1:A9)', price: 1 },
      { id: 'prod_maize', name: 'Unga wa mahindi, 2 kg "premium"', price: 2.75 },
    ],
    customers: [{ id: 'cust_zoe', name: 'Zoë O\'Brien, "VIP"' }],
  });
  const cashier = store.cashiers.add({ name: 'Wanjiru', pin: '2468', role: 'manager' });
  if (!cashier.ok) throw new Error(cashier.error.message);
  const wanjiru = cashier.value.id;
  record(
    store,
    {
      items: [{ productId: 'prod_latte', quantity: 2, unitPriceMinor: 320 }],
      paymentMethod: 'CASH',
    },
    at(1, 23, 59), // before the range the tests export
  );
  const zoes = record(
    store,
    {
      items: [
        { productId: 'prod_latte', quantity: 1, unitPriceMinor: 320 },
        { productId: 'prod_maize', quantity: 0.75, unitPriceMinor: 275 },
        { productId: 'prod_sum', quantity: 3, unitPriceMinor: 100 },
      ],
      paymentMethod: 'MOBILE_MONEY',
      customerId: 'cust_zoe',
    },
    at(2, 9, 15),
    wanjiru,
  );
  const synced = record(
    store,
    {
      items: [{ productId: 'prod_maize', quantity: 1, unitPriceMinor: 275 }],
      paymentMethod: 'CASH',
    },
    at(2, 12, 30),
    wanjiru,
  );
  // The shift of 1 and 2 November closes (Z1); the sales after it open another by themselves.
  const closed = store.shifts.close(
    { count: { countedMinor: 915 } },
    { cashierId: wanjiru, now: at(2, 18) },
  );
  if (!closed.ok) throw new Error(closed.error.message);
  // A quarter of the maize of Zoë's sale comes back, refunded in cash: its share of the
  // 2.06 charged (0.69), not a quarter of the price. The platform's v1 takes no refunds.
  const returned = store.recordReturn(
    String(store.getSale(zoes)!.receiptNumber),
    {
      reason: 'Bag torn, "half" spilt',
      lines: [{ lineNumber: 2, quantity: 0.25 }],
      refund: 'cash',
    },
    {
      cashierId: wanjiru,
      approvedBy: wanjiru,
      now: at(3, 10),
      deliver: v1ReturnDelivery.deliver,
    },
  );
  if (!returned.ok) throw new Error(returned.error.message);
  const refused = record(
    store,
    {
      items: [{ productId: 'prod_gone', quantity: 1, unitPriceMinor: 500 }],
      paymentMethod: 'CASH',
    },
    at(3, 18),
  );
  const discarded = record(
    store,
    {
      items: [{ productId: 'prod_latte', quantity: 1, unitPriceMinor: 320 }],
      paymentMethod: 'CASH',
    },
    at(4, 8),
  );
  store.settings.update({ currency: 'JPY' });
  record(
    store,
    {
      // Discounted: 10 % off the line (900 − 90), then 10 off the sale: 800 charged.
      items: [
        {
          productId: 'prod_latte',
          quantity: 2,
          unitPriceMinor: 450,
          discount: { percent: 10, reason: 'Staff' },
        },
      ],
      discount: { amountMinor: 10, reason: 'Loyalty card' },
      paymentMethod: 'CASH',
    },
    at(4, 20, 5),
  );
  // The states the sync engine and a person leave sales in.
  const sqlite = store.database.sqlite;
  sqlite
    .prepare(
      // Synced after an attempt that got no answer, from a platform not known to honour keys.
      `update outbox set state = 'synced', synced_at = ?, platform_id = 'sale_7Kq2', uncertain = 1 where sale_id = ?`,
    )
    .run(at(2, 12, 31), synced);
  sqlite
    .prepare(
      `update outbox set state = 'refused', last_http_status = 422,
       last_error_reason = ? where sale_id = ?`,
    )
    .run('Unknown product "prod_gone" (items/0/productId),\ncheck the catalog', refused);
  sqlite
    .prepare(`update outbox set state = 'discarded', discard_reason = ? where sale_id = ?`)
    .run('-entered twice', discarded);
  return store;
}

/** Sale ids are random UUIDs: numbered in order of appearance so the files can be compared. */
export function numberIds(text: string): string {
  const seen = new Map<string, string>();
  return text.replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
    (id) => seen.get(id) ?? (seen.set(id, `uuid-${seen.size + 1}`), `uuid-${seen.size}`),
  );
}

/** Compares with test/golden/<name>; UPDATE_GOLDEN=1 rewrites the file instead. */
export function expectGolden(name: string, actual: string) {
  const file = join(repoRoot, 'test', 'golden', name);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}
