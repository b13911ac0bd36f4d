// A backlog of pending sales, written fast with raw statements in large transactions
// (seeding is not what the sync benchmarks measure). The same 3-item body for every sale.
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../db/open.js';
import type { NewSaleInput } from '../domain/new-sale.js';

/** The body the platform receives for each sale of the backlog. */
export const BACKLOG_BODY = {
  items: [
    { productId: 'prod_8Hq2x', quantity: 1, price: 4.5 },
    { productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', quantity: 2, price: 7.99 },
    { productId: 'prod_8Ty3i', quantity: 0.75, price: 1.19 },
  ],
  paymentMethod: 'CASH',
};

/** The same sale as a till records it: money in minor units. */
export const BACKLOG_SALE: NewSaleInput = {
  items: [
    { productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 450 },
    { productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', quantity: 2, unitPriceMinor: 799 },
    { productId: 'prod_8Ty3i', quantity: 0.75, unitPriceMinor: 119 },
  ],
  paymentMethod: 'CASH',
};

export function seedBacklog(file: string, count: number): void {
  const database = openDatabase(file);
  const { sqlite } = database;
  const sale = sqlite.prepare(
    `insert into sales (id, receipt_number, created_at, payment_method, currency, total_minor)
     values (?, ?, ?, 'CASH', 'USD', 2137)`,
  );
  const item = sqlite.prepare(
    `insert into sale_items (sale_id, line_number, product_id, quantity_milli, unit_price_minor, line_total_minor)
     values (?, ?, ?, ?, ?, ?)`,
  );
  const outbox = sqlite.prepare(
    `insert into outbox (sale_id, idempotency_key, created_at, updated_at, next_attempt_at) values (?, ?, ?, ?, ?)`,
  );
  const start = Date.now() - count;
  const chunk = sqlite.transaction((from: number, to: number) => {
    for (let n = from; n < to; n++) {
      const id = randomUUID();
      const at = start + n;
      sale.run(id, n + 1, at);
      item.run(id, 1, 'prod_8Hq2x', 1000, 450, 450);
      item.run(id, 2, '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', 2000, 799, 1598);
      item.run(id, 3, 'prod_8Ty3i', 750, 119, 89);
      outbox.run(id, randomUUID(), at, at, at);
    }
  });
  for (let from = 0; from < count; from += 10_000) chunk(from, Math.min(count, from + 10_000));
  database.close();
}
