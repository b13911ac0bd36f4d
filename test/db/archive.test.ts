// Archiving: exactly the eligible sales move (a property test over random states and
// dates), exports and sale lists read the same before and after, receipt numbers go on,
// and a run killed at random points loses and duplicates nothing.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { archiveFolder, archiveSales, keepFrom, planArchive } from '../../db/archive.js';
import { backupDatabase } from '../../db/backup.js';
import { restoreDatabase } from '../../db/restore.js';
import { openStore, type Store } from '../../db/store.js';
import { seededRandom } from '../../sandbox/seeded-random.js';
import { runCli, startCli } from '../helpers/cli.js';
import { configurePlatform } from '../helpers/platform-till.js';
import { checked } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const STATES = ['pending', 'synced', 'synced', 'synced', 'refused', 'discarded'] as const;

/** A till with `count` sales over three years, in random states, some uncertain. */
function randomTill(seed: number, count: number): { store: Store; dataDir: string } {
  const random = seededRandom(seed);
  const dataDir = tempDir();
  const store = openStore(join(dataDir, 'tillsync.db'));
  const times = Array.from({ length: count }, () => NOW - Math.floor(random() * 3 * 365 * DAY));
  times.sort((a, b) => a - b); // receipts follow time, as on a real till
  const setState = store.database.sqlite.prepare(
    'update outbox set state = ?, uncertain = ? where sale_id = ?',
  );
  for (const at of times) {
    const recorded = store.recordSale(
      checked({
        items: [
          { productId: `prod_${Math.floor(random() * 5)}`, quantity: 1, unitPriceMinor: 250 },
        ],
        paymentMethod: 'CASH',
      }),
      { now: at },
    );
    if (!recorded.ok) throw new Error(recorded.error.message);
    const state = STATES[Math.floor(random() * STATES.length)]!;
    setState.run(state, random() < 0.1 ? 1 : 0, recorded.value.saleId);
  }
  return { store, dataDir };
}

/** Polls `busy` every 2 ms until it is false or the process has exited. */
async function whileRunning(exited: Promise<unknown>, busy: () => boolean): Promise<void> {
  let ended = false;
  void exited.then(() => (ended = true));
  while (!ended && busy()) await new Promise((resolve) => setTimeout(resolve, 2));
}

const everything = (store: Store) => [...store.exportSales()];
function allPages(store: Store, limit: number) {
  const seen: number[] = [];
  let before: number | undefined;
  for (;;) {
    const page = store.listSales({ limit, before });
    if (!page.ok) throw new Error(page.error.message);
    seen.push(...page.value.sales.map((sale) => sale.receiptNumber));
    if (page.value.nextBefore === null) return seen;
    before = page.value.nextBefore;
  }
}

describe('archiving', () => {
  it('moves exactly the synced and discarded sales older than the cut, and reads stay the same', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { store, dataDir } = randomTill(seed, 300);
      const random = seededRandom(seed * 7);
      const months = 1 + Math.floor(random() * 30);
      const before = keepFrom(NOW, months);
      const sales = everything(store);
      const eligible = sales.filter(
        (sale) =>
          (sale.state === 'synced' || sale.state === 'discarded') &&
          !sale.uncertain &&
          sale.createdAt < before,
      );
      const pages = allPages(store, 17);
      expect(planArchive(store.database, before).total).toBe(eligible.length);

      const moved = await archiveSales(store.database, before, { batch: 40 });
      expect(moved).toBe(eligible.length);
      const left = store.database.sqlite.prepare('select id from sales').pluck().all() as string[];
      const movedIds = new Set(eligible.map((sale) => sale.saleId));
      expect(left.filter((id) => movedIds.has(id))).toEqual([]);
      expect(left.length).toBe(sales.length - eligible.length);
      if (eligible.length > 0)
        expect(readdirSync(archiveFolder(store.file)).length).toBeGreaterThan(0);

      // Golden comparison: the export and the sale list read the same as before.
      expect(everything(store)).toEqual(sales);
      expect(store.countExportSales()).toBe(sales.length);
      expect(allPages(store, 17)).toEqual(pages);
      // The counts kept by triggers agree with a count of the rows, before and after.
      const counted = Object.fromEntries(
        (
          store.database.sqlite
            .prepare('select state, count(*) as n from outbox group by state')
            .all() as Array<{ state: string; n: number }>
        ).map((row) => [row.state, row.n]),
      );
      for (const [state, n] of Object.entries(store.countByState()))
        expect(n, state).toBe(counted[state] ?? 0);
      // A second run finds nothing left to move.
      expect(await archiveSales(store.database, before)).toBe(0);
      // Receipt numbers go on above everything archived, even when the newest moved.
      const next = store.recordSale(
        checked({
          items: [{ productId: 'prod_1', quantity: 1, unitPriceMinor: 100 }],
          paymentMethod: 'CASH',
        }),
        { now: NOW },
      );
      expect(next.ok && next.value.receiptNumber).toBe(sales.length + 1);
      store.close();
      expect(existsSync(dataDir)).toBe(true);
    }
  });

  it('loses and duplicates nothing when the archiving process is killed at random points', async () => {
    const { store, dataDir } = randomTill(99, 4000);
    await configurePlatform(dataDir); // the command then works on <data>/tillsync.db
    const sales = everything(store);
    store.close();
    const random = seededRandom(5);
    const watcher = new Database(join(dataDir, 'tillsync.db'), { readonly: true });
    const salesHere = watcher.prepare('select count(*) from sales').pluck();
    const archived = () => sales.length - (salesHere.get() as number); // moved so far
    let kills = 0;
    for (let attempt = 0; attempt < 5; attempt++) {
      const run = startCli(['--data-dir', dataDir, 'archive', '--months', '6', '--batch', '20']);
      // Killed once it has moved a random few more batches: mid-run, at a random step.
      const target = archived() + 20 * (1 + Math.floor(random() * 8));
      await whileRunning(run.exited, () => archived() < target);
      run.signal('SIGKILL');
      if ((await run.exited) !== null) continue; // it had finished: nothing was cut
      kills += 1;
      const cut = openStore(join(dataDir, 'tillsync.db'));
      expect(everything(cut)).toEqual(sales); // nothing lost or doubled, even mid-move
      cut.close();
    }
    watcher.close();
    const last = startCli(['--data-dir', dataDir, 'archive', '--months', '6']);
    expect(await last.exited).toBe(0);
    const after = openStore(join(dataDir, 'tillsync.db'));
    expect(kills).toBeGreaterThan(0);
    expect(everything(after)).toEqual(sales);
    expect(planArchive(after.database, keepFrom(Date.now(), 6)).total).toBe(0);
    // Every sale is in exactly one file now: the till's or its year's archive.
    const count = (sql: string) => after.database.sqlite.prepare(sql).pluck().get() as number;
    expect(count('select count(*) from sales') + count('select sum(sales) from archives')).toBe(
      sales.length,
    );
    after.close();
  }, 120_000);

  it('keeps reading the same after a backup from before archiving is restored', async () => {
    const { store, dataDir } = randomTill(42, 400);
    const sales = everything(store);
    const file = store.file;
    const backup = join(dataDir, 'before-archiving.db');
    await backupDatabase(file, backup);
    const moved = await archiveSales(store.database, keepFrom(NOW, 12));
    expect(moved).toBeGreaterThan(0);
    store.close();
    await restoreDatabase(file, backup);
    const restored = openStore(file);
    // The restored file holds archived sales again: each is read once, the file's copy.
    expect(everything(restored)).toEqual(sales);
    expect(restored.countExportSales()).toBe(sales.length);
    // The next run moves them again, and nothing is doubled.
    expect(await archiveSales(restored.database, keepFrom(NOW, 12))).toBe(moved);
    expect(everything(restored)).toEqual(sales);
    restored.close();
  });

  it('migrates a database made before archiving, moves its old sales, and compacts it once', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, 'tillsync.db');
    await configurePlatform(dataDir);
    const old = new Database(file); // an older Tillsync's file: no incremental auto-vacuum
    old.exec('create table made_by_an_older_version (x)');
    old.close();
    const store = openStore(file);
    expect(store.database.sqlite.pragma('auto_vacuum', { simple: true })).toBe(0);
    const sales: string[] = [];
    // Enough sales that the schema's own pages (a few tables and indexes) are a small part.
    for (let n = 0; n < 1200; n++) {
      const recorded = store.recordSale(
        checked({
          items: [{ productId: 'prod_1', quantity: 1, unitPriceMinor: 200 }],
          paymentMethod: 'CASH',
        }),
        { now: NOW - (1200 - n) * 1.5 * DAY },
      );
      if (!recorded.ok) throw new Error(recorded.error.message);
      sales.push(recorded.value.saleId);
    }
    store.database.sqlite.prepare("update outbox set state = 'synced'").run();
    const exported = everything(store);
    store.database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const sizeBefore = statSync(file).size;
    store.close();

    const run = await runCli(['--data-dir', dataDir, 'archive', '--json']);
    expect(run.code).toBe(0);
    const answer = JSON.parse(run.stdout) as { moved: number; compacted: string };
    expect(answer.moved).toBeGreaterThan(400);
    expect(answer.compacted).toBe('done');
    const after = openStore(file);
    expect(after.database.sqlite.pragma('auto_vacuum', { simple: true })).toBe(2);
    expect(everything(after)).toEqual(exported); // no sale lost
    after.database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    expect(statSync(file).size).toBeLessThan(sizeBefore / 2);
    after.close();
  });
});
