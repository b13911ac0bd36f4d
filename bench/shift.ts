// bench:shift — what a busy shift costs to report on and to close, against the day's totals
// of the same sales in the same run.
//
// Records N sales (every third one cash with change, the rest by mobile money) and N/50
// drawer entries in one shift of a fresh till file, on a day that already holds a year of
// earlier shifts' sales (N × 12, raw inserts), then times the X report (the shift's figures
// now), the Today screen's day totals for the same day (the baseline: the same sales summed
// by day), and the close (the Z report made, numbered and frozen in one transaction). Prints
// medians and the X report's ratio to the day totals. Never fails on time.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../db/store.js';
import { newSale } from '../domain/new-sale.js';
import { dayOf } from '../domain/time-zone.js';
import { systemTimeZone } from '../db/till-time-zone.js';
import { fixed } from './stats.js';

const SALES = Number(process.env.BENCH_SALES ?? 5_000);
const RUNS = 15;
const DAY = 86_400_000;
const NOW = Date.now();

const folder = mkdtempSync(join(tmpdir(), 'tillsync-bench-shift-'));
const store = openStore(join(folder, 'till.db'));
const { sqlite } = store.database;

/** A year of earlier sales, in shifts of 500 sales each, closed (not today's). */
function seedHistory(count: number): void {
  const open = sqlite.prepare(`insert into shifts (id, state, opened_at, float_minor, float_counted)
    values (?, 'open', ?, 0, 1)`);
  const close = sqlite.prepare(`update shifts set state = 'closed', closed_at = opened_at,
    z_number = ?, counted_minor = 0, z_report = '{}' where id = ?`);
  const sale = sqlite.prepare(`insert into sales (id, receipt_number, created_at, payment_method,
    currency, total_minor, shift_id) values (?, ?, ?, 'CASH', 'USD', 450, ?)`);
  const outbox = sqlite.prepare(`insert into outbox (sale_id, idempotency_key, created_at,
    updated_at, state) values (?, ?, ?, ?, 'synced')`);
  sqlite.transaction(() => {
    let shiftId = '';
    for (let n = 0; n < count; n++) {
      const at = NOW - 365 * DAY + Math.floor((n * 364 * DAY) / count);
      if (n % 500 === 0) {
        if (shiftId) close.run(n / 500, shiftId);
        open.run((shiftId = randomUUID()), at);
      }
      const id = randomUUID();
      sale.run(id, n + 1, at, shiftId);
      outbox.run(id, randomUUID(), at, at);
    }
    close.run(Math.ceil(count / 500), shiftId);
  })();
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const timeRuns = (action: () => void) =>
  median(
    Array.from({ length: RUNS }, () => {
      const started = performance.now();
      action();
      return performance.now() - started;
    }),
  );

process.stdout.write(`  seeding: a year of ${SALES * 12} earlier sales\n`);
seedHistory(SALES * 12);
store.shifts.open({ floatMinor: 15_000 }, { cashierId: null, now: NOW - 1_000 });
process.stdout.write(`  recording ${SALES} sales in today's shift\n`);
for (let n = 0; n < SALES; n++) {
  const cash = n % 3 === 0;
  const sale = newSale.parse({
    items: [{ productId: `prod_${n % 300}`, quantity: 1 + (n % 4), unitPriceMinor: 199 }],
    paymentMethod: cash ? 'CASH' : 'MOBILE_MONEY',
    ...(cash ? { tenderedMinor: 1_000 } : {}),
  });
  const recorded = store.recordSale(sale, { now: NOW });
  if (!recorded.ok) throw new Error(recorded.error.message);
  if (n % 50 === 0)
    store.shifts.addEntry(
      { kind: n % 100 ? 'cash_in' : 'safe_drop', amountMinor: 500, reason: 'bench' },
      { cashierId: null, now: NOW },
    );
}

const xMs = timeRuns(() => {
  if (!store.shifts.xReport(NOW).ok) throw new Error('no X report');
});
const dayMs = timeRuns(() => {
  if (!store.dayTotals(dayOf(NOW, systemTimeZone()))) throw new Error('no day totals');
});
const started = performance.now();
const closed = store.shifts.close(
  { count: { countedMinor: 0 }, note: 'bench' },
  { cashierId: null, now: NOW },
);
const closeMs = performance.now() - started;
if (!closed.ok) throw new Error(closed.error.message);
const reprintMs = timeRuns(() => {
  if (!store.shifts.zReport(closed.value.number!).ok) throw new Error('no Z report');
});

console.log(
  `\nbench:shift — ${SALES} sales and ${Math.ceil(SALES / 50)} drawer entries in one shift, ${SALES * 12} earlier sales`,
);
console.log(`  X report (median of ${RUNS})         ${fixed(xMs, 2)} ms`);
console.log(`  day totals, baseline (median)    ${fixed(dayMs, 2)} ms`);
console.log(`  ratio X report / day totals      ${fixed(xMs / dayMs, 2)}`);
console.log(`  close (Z report made, once)      ${fixed(closeMs, 2)} ms`);
console.log(`  Z report shown again (median)    ${fixed(reprintMs, 3)} ms`);
console.log(
  `  Z${closed.value.number}: ${closed.value.sales.count} sales, expected ${closed.value.expectedMinor} minor units`,
);
store.close();
rmSync(folder, { recursive: true, force: true });
