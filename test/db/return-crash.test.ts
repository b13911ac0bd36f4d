// A return killed at any moment is whole or absent: the return with both its lines and its
// refund, numbered in sequence, or nothing of it.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../db/store.js';
import { checked, validSale } from '../helpers/sales.js';
import { runUntilKilled } from '../helpers/kill-loop.js';
import { tempDir } from '../helpers/temp-dir.js';

const loop = fileURLToPath(new URL('../fixtures/return-loop.ts', import.meta.url));

describe('a return and a crash', () => {
  it('leaves each return whole or absent when the process is killed at random moments', async () => {
    const file = join(tempDir(), 'tillsync.db');
    const store = openStore(file);
    const count = 3000;
    for (let i = 0; i < count; i++) {
      // 2 × 1.25 and 0.5 × 3.99: a return of 1 and 0.5 refunds 1.25 + 2.00.
      const sale = store.recordSale(checked(validSale({ tenderedMinor: 500 })));
      if (!sale.ok) throw new Error(sale.error.message);
    }
    store.close();

    const acknowledged = new Set<number>();
    for (let kill = 0; kill < 4; kill++) {
      const lines = await runUntilKilled(loop, file, 30 + Math.floor(Math.random() * 200));
      for (const line of lines) if (line !== 'started') acknowledged.add(Number(line));
      const check = openStore(file);
      const sqlite = check.database.sqlite;
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const returns = sqlite
        .prepare(
          `select r.return_number as number, r.total_minor as total, count(i.line_number) as lines,
                  coalesce(sum(i.refund_minor), 0) as refunded, count(distinct r.sale_id) as sales
             from returns r left join return_items i on i.return_id = r.id
            group by r.id order by r.return_number`,
        )
        .all() as Array<{ number: number; total: number; lines: number; refunded: number }>;
      // Numbered 1, 2, 3... with no gap; each with both lines and its refund, whole.
      expect(returns.map((r) => r.number)).toEqual(returns.map((_, i) => i + 1));
      for (const r of returns) expect(r).toMatchObject({ total: 325, lines: 2, refunded: 325 });
      for (const number of acknowledged) expect(number).toBeLessThanOrEqual(returns.length);
      // One return per sale at most: none was made twice.
      const perSale = sqlite
        .prepare('select max(n) from (select count(*) as n from returns group by sale_id)')
        .pluck()
        .get() as number | null;
      expect(perSale ?? 1).toBe(1);
      expect(
        sqlite
          .prepare(
            'select count(*) from return_items where return_id not in (select id from returns)',
          )
          .pluck()
          .get(),
      ).toBe(0);
      // The shift's drawer gave back exactly the cash of the returns kept.
      expect(check.shifts.xReport(Date.now())).toMatchObject({
        ok: true,
        value: {
          returns: { count: returns.length, totalMinor: 325 * returns.length },
          cashRefundsMinor: 325 * returns.length,
        },
      });
      check.close();
    }
    expect(acknowledged.size).toBeGreaterThan(0);
  }, 120_000);
});
