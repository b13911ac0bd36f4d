import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../db/store.js';
import { runUntilKilled } from '../helpers/kill-loop.js';
import { tempDir } from '../helpers/temp-dir.js';

const loop = fileURLToPath(new URL('../fixtures/record-loop.ts', import.meta.url));

describe('crash safety', () => {
  it('keeps every acknowledged sale whole when the process is killed at random moments', async () => {
    const file = join(tempDir(), 'tillsync.db');
    const acknowledged: string[] = [];
    for (let kill = 0; kill < 6; kill++) {
      const ids = await runUntilKilled(loop, file, 50 + Math.floor(Math.random() * 400));
      expect(ids.length).toBeGreaterThan(0);
      acknowledged.push(...ids);

      const store = openStore(file);
      const sqlite = store.database.sqlite;
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      for (const id of acknowledged) {
        const sale = store.getSale(id);
        expect(sale, `acknowledged sale ${id} is missing after kill ${kill + 1}`).toBeDefined();
        expect(sale!.items).toHaveLength(3);
        expect(sale!.totalMinor).toBe(250 + 220 + 149);
        expect(sale!.outbox.state).toBe('pending');
      }
      // No half-written sale: every sale has its three items and its outbox row.
      const orphans = sqlite
        .prepare(
          `select count(*) as n from sales s
           where (select count(*) from sale_items i where i.sale_id = s.id) <> 3
              or not exists (select 1 from outbox o where o.sale_id = s.id)`,
        )
        .get() as { n: number };
      expect(orphans.n).toBe(0);
      // Receipt numbers stay unbroken across crashes.
      const receipts = sqlite
        .prepare(
          'select min(receipt_number) as lo, max(receipt_number) as hi, count(*) as n from sales',
        )
        .get() as {
        lo: number;
        hi: number;
        n: number;
      };
      expect([receipts.lo, receipts.hi]).toEqual([1, receipts.n]);
      store.close();
    }
    expect(acknowledged.length).toBeGreaterThan(100);
  }, 60_000);
});
