// A close killed at any moment leaves either the shift still current (open, or closing while
// the cash was counted) with no Z report, or the shift closed with its report and its
// number: never half of one, never two current shifts. A child process closes a shift of
// many sales and is killed with SIGKILL at a random point, round after round.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../db/store.js';
import { shiftReport } from '../../domain/shift.js';
import { seededRandom } from '../../sandbox/seeded-random.js';
import { checked, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const child = fileURLToPath(new URL('../helpers/close-shift-child.ts', import.meta.url));
const START = Date.UTC(2026, 10, 21, 8);

/**
 * Adds a sale through the store (opening a shift when none is current) and a drawer entry,
 * then `count` more sales into the same shift in one statement: many sales, so the close
 * has a moment's work, made in a moment.
 */
function addSales(file: string, count: number, from: number) {
  const store = openStore(file);
  store.settings.update({ paymentMethods: ['CASH', 'CARD'] });
  const first = store.recordSale(checked(validSale()), { now: from });
  if (!first.ok) throw new Error(first.error.message);
  store.shifts.addEntry(
    { kind: 'cash_in', amountMinor: 500, reason: 'coins' },
    { cashierId: null, now: from },
  );
  const shiftId = store.shifts.current()!.id;
  const sqlite = store.database.sqlite;
  sqlite.transaction(() => {
    sqlite
      .prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < @count)
         insert into sales (id, receipt_number, created_at, payment_method, currency,
                            total_minor, tendered_minor, change_minor, shift_id)
         select @prefix || i, @receipt + i, @from + i, iif(i % 3, 'CASH', 'CARD'), 'USD',
                100 + i % 13, iif(i % 3, 200, null), iif(i % 3, 100 - i % 13, null), @shiftId
           from n`,
      )
      .run({
        count,
        prefix: `${first.value.saleId}-`,
        receipt: first.value.receiptNumber,
        from,
        shiftId,
      });
    sqlite
      .prepare(
        `insert into outbox (sale_id, idempotency_key, created_at, updated_at, next_attempt_at)
         select id, id, created_at, created_at, created_at from sales where id like @prefix`,
      )
      .run({ prefix: `${first.value.saleId}-%` });
  })();
  store.close();
  return shiftId;
}

/**
 * Runs the close in a child and kills it `afterMs` after it says it is ready (null: lets it
 * end); answers whether it was killed and how long it ran after saying it was ready.
 */
function closeUntilKilled(file: string, afterMs: number | null) {
  return new Promise<{ killed: boolean; stdout: string; ranMs: number }>((resolve, reject) => {
    const closing = spawn(process.execPath, ['--import', 'tsx', child, file]);
    let stdout = '';
    let stderr = '';
    let readyAt = 0;
    let closedAt = 0;
    closing.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('closed') && !closedAt) closedAt = performance.now();
      if (readyAt || !stdout.startsWith('ready\n')) return;
      readyAt = performance.now();
      if (afterMs !== null) setTimeout(() => closing.kill('SIGKILL'), afterMs).unref();
    });
    closing.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    closing.on('error', reject);
    closing.on('close', (code, signal) => {
      if (signal !== 'SIGKILL' && code !== 0) reject(new Error(`the close failed: ${stderr}`));
      else resolve({ killed: signal === 'SIGKILL', stdout, ranMs: closedAt - readyAt });
    });
  });
}

/** The till's shifts after a kill, read as they are on disk. */
function shiftsOnDisk(file: string) {
  const sqlite = new Database(file, { readonly: true });
  try {
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    const rows = sqlite
      .prepare(
        'select id, state, z_number as number, z_report as report, closed_at as closedAt, counted_minor as counted from shifts',
      )
      .all() as Array<{
      id: string;
      state: string;
      number: number | null;
      report: string | null;
      closedAt: number | null;
      counted: number | null;
    }>;
    const salesIn = sqlite.prepare('select count(*) from sales where shift_id = ?').pluck();
    return rows.map((row) => ({ ...row, sales: salesIn.get(row.id) as number }));
  } finally {
    sqlite.close();
  }
}

describe('a close killed at a random point', () => {
  it('leaves the shift current without a report, or closed with its report and number', async () => {
    const file = join(tempDir(), 'tillsync.db');
    const random = seededRandom(25);
    let closedSoFar = 0;
    let cashInMinor = 0;
    // The first close runs to its end: how long a close takes here sets where the kills fall.
    let closeMs = 0;
    for (let round = 0; round < 8; round++) {
      const first = round === 0;
      const shiftId = addSales(file, 20_000, START + round * 3_600_000);
      cashInMinor += 500;
      const run = await closeUntilKilled(file, first ? null : random() * closeMs * 2);
      if (first) closeMs = run.ranMs;
      const shifts = shiftsOnDisk(file);
      const current = shifts.filter((shift) => shift.state !== 'closed');
      expect(current.length).toBeLessThanOrEqual(1);
      for (const shift of shifts) {
        const closed = shift.state === 'closed';
        // Everything of a close, or nothing of it.
        for (const part of [shift.number, shift.report, shift.closedAt, shift.counted])
          expect(part === null, `${shift.state} shift ${shift.id}`).toBe(!closed);
      }
      const numbers = shifts.flatMap((shift) => (shift.number === null ? [] : [shift.number]));
      expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, index) => index + 1));

      const mine = shifts.find((shift) => shift.id === shiftId)!;
      if (mine.state === 'closed') {
        closedSoFar += 1;
        expect(mine.number).toBe(closedSoFar);
        const report = shiftReport.parse(JSON.parse(mine.report!));
        expect(report).toMatchObject({
          kind: 'Z',
          number: closedSoFar,
          shiftId,
          countedMinor: 0,
          cashInMinor,
          sales: { count: mine.sales },
        });
        expect(report.differenceMinor).toBe(-report.expectedMinor);
        if (!run.killed) expect(run.stdout).toContain(`closed ${closedSoFar}`);
        cashInMinor = 0; // the next shift starts with none
      } else {
        expect(run.killed).toBe(true);
        expect(current).toEqual([mine]);
        expect(['open', 'closing']).toContain(mine.state);
      }
      // The till opens on it and goes on: a store, its X or Z report.
      const store = openStore(file);
      if (mine.state === 'closed')
        expect(store.shifts.zReport(closedSoFar)).toMatchObject({ ok: true, value: { shiftId } });
      else expect(store.shifts.xReport(START)).toMatchObject({ ok: true, value: { shiftId } });
      store.close();
    }
  }, 120_000);
});
