import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readMigrationFiles } from '../../db/drizzle.js';
import { describe, expect, it } from 'vitest';
import { knownSchemaVersion, MIGRATIONS_FOLDER, openDatabase } from '../../db/open.js';
import { storeFor } from '../../db/store.js';
import { checked } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

/** A database as the first released schema left it, with a sale in every state. */
function populatedFirstSchemaDatabase(file: string): void {
  const [first] = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const raw = new Database(file);
  for (const statement of first!.sql) if (statement.trim()) raw.exec(statement);
  raw.pragma('user_version = 1');
  // The states by the names that schema stored (a refused sale was `conflict` then).
  const states = ['pending', 'sending', 'synced', 'conflict', 'discarded'];
  states.forEach((state, index) => {
    const id = `sale-${index}`;
    raw
      .prepare(
        `insert into sales (id, receipt_number, created_at, shop_id, customer_id, payment_method, currency, total_minor)
         values (?, ?, ?, 'shop_1', null, 'CASH', 'USD', 450)`,
      )
      .run(id, index + 1, 1_700_000_000_000 + index);
    raw
      .prepare(
        `insert into sale_items (sale_id, line_number, product_id, quantity_milli, unit_price_minor, line_total_minor)
         values (?, 1, 'prod_8Hq2x', 2000, 125, 250), (?, 2, 'prod_milk', 500, 400, 200)`,
      )
      .run(id, id);
    raw
      .prepare(
        `insert into outbox (sale_id, idempotency_key, state, attempts, last_error_reason, remote_id, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, 1, 1)`,
      )
      .run(
        id,
        `key-${index}`,
        state,
        index,
        state === 'conflict' ? 'Unknown product' : null,
        state === 'synced' ? 'sale_on_platform' : null,
      );
    raw
      .prepare(
        `insert into sync_attempts (sale_id, revision, idempotency_key, started_at, duration_ms, outcome)
         values (?, 1, ?, 1, 12, ?)`,
      )
      .run(id, `key-${index}`, state === 'conflict' ? 'conflict' : 'retry');
  });
  raw.exec(
    `insert into products (id, name, price_minor, updated_at) values ('prod_8Hq2x', 'Bread', 125, 1)`,
  );
  raw.exec(`insert into customers (id, name, updated_at) values ('cus_1', 'Amina', 1)`);
  raw.exec(`insert into settings (key, value, updated_at) values ('currency', '"KES"', 1)`);
  raw.close();
}

describe('migrations', () => {
  it('are applied in order and recorded as the schema version', () => {
    const database = openDatabase(join(tempDir(), 'tillsync.db'));
    expect(database.sqlite.pragma('user_version', { simple: true })).toBe(knownSchemaVersion());
    database.close();
  });

  it('migrate a populated database from the first migration to the latest without losing data', () => {
    const file = join(tempDir(), 'tillsync.db');
    populatedFirstSchemaDatabase(file);

    const store = storeFor(openDatabase(file));
    expect(store.database.sqlite.pragma('user_version', { simple: true })).toBe(
      knownSchemaVersion(),
    );
    expect(store.database.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(store.database.sqlite.pragma('foreign_key_check')).toEqual([]);
    expect(store.countByState()).toEqual({
      pending: 1,
      sending: 1,
      synced: 1,
      refused: 1,
      discarded: 1,
      voided: 0,
    });
    const refusedSale = store.getSale('sale-3')!;
    expect(refusedSale.receiptNumber).toBe(4);
    expect(refusedSale.totalMinor).toBe(450);
    expect(
      refusedSale.items.map((item) => [item.productId, item.quantity, item.unitPriceMinor]),
    ).toEqual([
      ['prod_8Hq2x', 2, 125],
      ['prod_milk', 0.5, 400],
    ]);
    expect(refusedSale.outbox.lastErrorReason).toBe('Unknown product');
    expect(refusedSale.outbox).toMatchObject({ uncertain: false, unansweredAttempts: 0 });
    // Stored words renamed with their rows: the state, the attempt log, the platform's id.
    expect(refusedSale.outbox.state).toBe('refused');
    expect(
      store.database.sqlite
        .prepare('select outcome from sync_attempts where sale_id = ?')
        .all('sale-3'),
    ).toEqual([{ outcome: 'refused' }]);
    expect(store.getSale('sale-2')!.outbox.platformId).toBe('sale_on_platform');
    // A sale an older version left mid-send may be on the platform already: flagged.
    expect(store.getSale('sale-1')!.outbox).toMatchObject({
      uncertain: true,
      unansweredAttempts: 1,
    });
    expect(store.settings.read().currency).toBe('KES');
    // Carts at the counter start empty on a migrated till, and are kept from then on.
    expect(store.readCounter()).toMatchObject({ held: [], setAside: [] });
    // Later migrations' own rows are there too (the sync engine's state row).
    expect(store.database.sqlite.prepare('select id, connection from sync_state').all()).toEqual([
      { id: 1, connection: 'checking' },
    ]);
    // The migrated file keeps taking sales, numbered after the old ones.
    const next = store.recordSale(
      checked({
        items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 125 }],
        paymentMethod: 'CASH',
      }),
    );
    expect(next.ok && next.value.receiptNumber).toBe(6);
    // Sales from before shifts belong to none; the first new one opens a shift by itself.
    const shiftOf = (id: string) =>
      store.database.sqlite.prepare('select shift_id from sales where id = ?').pluck().get(id);
    expect(shiftOf('sale-0')).toBeNull();
    const x = store.shifts.xReport(Date.now());
    expect(x.ok && x.value).toMatchObject({
      floatCounted: false,
      sales: { count: 1, totalMinor: 125 },
      firstReceipt: 6,
      lastReceipt: 6,
    });
    expect(next.ok && shiftOf(next.value.saleId)).toBe(x.ok && x.value.shiftId);
    // The rebuilt outbox takes a void, and its counts still follow every change of state.
    expect(next.ok && store.voidSale(next.value.saleId, { reason: 'test' }).ok).toBe(true);
    expect(store.countByState()).toMatchObject({ pending: 1, voided: 1 });
    store.close();
  });
});
