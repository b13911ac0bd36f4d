// A void killed at any moment is whole or absent: the sale voided, its line in the attempt
// log and (its shift closed) the correction in the open shift, all three or none.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../db/store.js';
import { checked, validSale } from '../helpers/sales.js';
import { runUntilKilled } from '../helpers/kill-loop.js';
import { tempDir } from '../helpers/temp-dir.js';

const loop = fileURLToPath(new URL('../fixtures/void-loop.ts', import.meta.url));

/** The void loop until killed: the ids it acknowledged (its "started" line is not one). */
const voidUntilKilled = async (file: string, afterMs: number) =>
  (await runUntilKilled(loop, file, afterMs)).filter((line) => line !== 'started');

describe('a void and a crash', () => {
  it('leaves each void whole or absent when the process is killed at random moments', async () => {
    const file = join(tempDir(), 'tillsync.db');
    const store = openStore(file);
    const sales = Array.from({ length: 3000 }, () => {
      const sale = store.recordSale(checked(validSale({ tenderedMinor: 500 })));
      if (!sale.ok) throw new Error(sale.error.message);
      return sale.value.saleId;
    });
    // Their shift is closed: each void also writes a correction into the next one.
    const closed = store.shifts.close(
      { count: { countedMinor: 450 * sales.length } },
      { cashierId: null, now: Date.now() },
    );
    expect(closed.ok).toBe(true);
    store.shifts.open({ floatMinor: 0 }, { cashierId: null, now: Date.now() });
    store.close();

    const acknowledged = new Set<string>();
    for (let kill = 0; kill < 4; kill++) {
      for (const id of await voidUntilKilled(file, 30 + Math.floor(Math.random() * 200)))
        acknowledged.add(id);
      const check = openStore(file);
      const sqlite = check.database.sqlite;
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const logged = new Set(
        sqlite.prepare(`select sale_id from sync_attempts where outcome = 'voided'`).pluck().all(),
      );
      const corrected = new Set(
        sqlite
          .prepare(`select corrects_sale_id from drawer_entries where kind = 'correction'`)
          .pluck()
          .all(),
      );
      let voided = 0;
      for (const saleId of sales) {
        const state = check.getSale(saleId)!.outbox.state;
        const whole = state === 'voided';
        if (acknowledged.has(saleId)) expect(state, `acknowledged ${saleId}`).toBe('voided');
        expect(logged.has(saleId), `the log of ${saleId}`).toBe(whole);
        expect(corrected.has(saleId), `the correction of ${saleId}`).toBe(whole);
        if (whole) voided += 1;
        else expect(state).toBe('pending');
      }
      expect(check.countByState()).toMatchObject({ voided, pending: sales.length - voided });
      check.close();
    }
    expect(acknowledged.size).toBeGreaterThan(0);
  }, 120_000);
});
