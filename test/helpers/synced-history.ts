// A till's history of sales, written with raw inserts (thousands a second): three items,
// an outbox row and an attempt-log line each, as the engine leaves a synced sale (the
// newest `pending` still waiting, unsent). Ids are random, as on a real till, so a batch
// of them touches pages all over the indexes.
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../db/open.js';

export interface HistoryOptions {
  /** The newest this many are waiting, not synced. */
  pending?: number;
  /** Told after each transaction of 20,000 sales: how many are written. */
  progress?: (written: number) => void;
}

const CHUNK = 20_000;

/** `count` sales, evenly from `from` to `to` (ms), oldest first. */
export function seedSyncedSales(
  file: string,
  count: number,
  from: number,
  to: number,
  options: HistoryOptions = {},
): void {
  const { sqlite } = openDatabase(file, { synchronous: 'NORMAL' });
  const sale = sqlite.prepare(`insert into sales (id, receipt_number, created_at, payment_method,
    currency, total_minor) values (?, ?, ?, 'CASH', 'USD', 2137)`);
  const item = sqlite.prepare(`insert into sale_items (sale_id, line_number, product_id,
    quantity_milli, unit_price_minor, line_total_minor) values (?, ?, ?, ?, ?, ?)`);
  const outbox = sqlite.prepare(`insert into outbox (sale_id, idempotency_key, created_at,
    updated_at, next_attempt_at, state, attempts, platform_id, synced_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const attempt = sqlite.prepare(`insert into sync_attempts (sale_id, revision, idempotency_key,
    started_at, duration_ms, outcome, http_status) values (?, 1, ?, ?, 40, 'synced', 201)`);
  const step = (to - from) / Math.max(count, 1);
  const synced = count - (options.pending ?? 0);
  const chunk = sqlite.transaction((first: number, last: number) => {
    for (let n = first; n < last; n++) {
      const id = randomUUID();
      const key = randomUUID();
      const at = Math.floor(from + n * step);
      sale.run(id, n + 1, at);
      item.run(id, 1, 'prod_8Hq2x', 1000, 450, 450);
      item.run(id, 2, 'prod_1', 2000, 799, 1598);
      item.run(id, 3, 'prod_8Ty3i', 750, 119, 89);
      if (n < synced) {
        outbox.run(id, key, at, at, at, 'synced', 1, `sale_${n}`, at + 40);
        attempt.run(id, key, at);
      } else outbox.run(id, key, at, at, at, 'pending', 0, null, null);
    }
  });
  for (let first = 0; first < count; first += CHUNK) {
    const last = Math.min(count, first + CHUNK);
    chunk(first, last);
    options.progress?.(last);
  }
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
}
