// bench:record — how fast a till records sales durably, against raw SQLite in the same run.
//
// Records N sales (3 items each) as the contract does (checked and priced by its schema,
// then recordSale, which answers the receipt) into a fresh file, then inserts the same rows
// with hand-written prepared better-sqlite3 statements (WAL, synchronous=FULL, one
// transaction per sale) into another fresh file. Prints sales/s, p50 and p99 for both and
// their ratio. Never fails on time.
//
// It runs twice: on the real disk (the temp folder), where fsync dominates, and on a
// memory-backed tmpfs (/dev/shm) when there is one, where what remains is the cost of
// our code (validation, pricing, drizzle) over raw statements.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/open.js';
import { openStore } from '../db/store.js';
import { newSale, type NewSaleInput } from '../domain/new-sale.js';
import { fixed, summarize, timeEach } from './stats.js';

const count = Number(process.env.BENCH_SALES ?? process.argv[2] ?? 20_000);

const saleInput = (n: number): NewSaleInput => ({
  items: [
    { productId: `prod_${n % 300}`, quantity: 1, unitPriceMinor: 250 },
    { productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', quantity: 2, unitPriceMinor: 110 },
    { productId: 'prod_bananas', quantity: 0.75, unitPriceMinor: 199 },
  ],
  paymentMethod: n % 2 ? 'CASH' : 'MOBILE_MONEY',
});

function benchRecordSale(folder: string) {
  const store = openStore(join(folder, 'record-sale.db'));
  const timing = timeEach('recordSale', count, (n) => {
    const result = store.recordSale(newSale.parse(saleInput(n)));
    if (!result.ok) throw new Error(result.error.message);
  });
  store.close();
  return timing;
}

function benchRawStatements(folder: string) {
  // Same schema and pragmas (openDatabase), then plain prepared statements.
  const database = openDatabase(join(folder, 'raw.db'));
  const { sqlite } = database;
  const insertSale = sqlite.prepare(
    `insert into sales (id, receipt_number, created_at, shop_id, customer_id, payment_method, currency, total_minor)
     values (?, ?, ?, null, null, ?, 'USD', 619)`,
  );
  const insertItem = sqlite.prepare(
    `insert into sale_items (sale_id, line_number, product_id, quantity_milli, unit_price_minor, line_total_minor)
     values (?, ?, ?, ?, ?, ?)`,
  );
  const insertOutbox = sqlite.prepare(
    `insert into outbox (sale_id, idempotency_key, created_at, updated_at, next_attempt_at) values (?, ?, ?, ?, ?)`,
  );
  const writeSale = sqlite.transaction((n: number) => {
    const id = randomUUID();
    const now = Date.now();
    insertSale.run(id, n + 1, now, n % 2 ? 'CASH' : 'MOBILE_MONEY');
    insertItem.run(id, 1, `prod_${n % 300}`, 1000, 250, 250);
    insertItem.run(id, 2, '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', 2000, 110, 220);
    insertItem.run(id, 3, 'prod_bananas', 750, 199, 149);
    insertOutbox.run(id, randomUUID(), now, now, now);
  });
  const timing = timeEach('raw better-sqlite3', count, (n) => writeSale.immediate(n));
  database.close();
  return timing;
}

function runIn(place: string, parent: string) {
  const folder = mkdtempSync(join(parent, 'tillsync-bench-record-'));
  try {
    console.log(
      `\n${place}: ${count} sales of 3 items, WAL + synchronous=FULL, fresh files in ${folder}`,
    );
    const raw = summarize(benchRawStatements(folder));
    const recorded = summarize(benchRecordSale(folder));
    console.table(
      [raw, recorded].map((row) => ({
        '': row.label,
        'sales/s': row.perSecond,
        'p50 ms': fixed(row.p50Ms),
        'p99 ms': fixed(row.p99Ms),
      })),
    );
    const ratio = recorded.perSecond / raw.perSecond;
    console.log(
      `ratio recordSale / raw: ${fixed(ratio, 2)} (target >= 0.50); ` +
        `recordSale p99 ${fixed(recorded.p99Ms)} ms (target < 1 ms)`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

runIn('disk', tmpdir());
if (existsSync('/dev/shm')) runIn('tmpfs (no fsync cost: our code over raw SQLite)', '/dev/shm');
