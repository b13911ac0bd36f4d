// bench:history — does year three cost what day one does?
//
// Builds a three-year till database of N sales (1,000,000 by default: about 1,000 a day, 3
// items each, an attempt-log line each; seeded with raw inserts) and, in the same run, a
// day-one till holding only the last month at the same rate (so exporting that month is
// the same work in both). For both, it times what a till does every day: `tillsync status`,
// `tillsync sales list`, exporting the last month, the Sync screen's first load in Chromium
// through the console, and the sync engine's start. The three-year database is measured as the agent keeps it
// (after archiving: 13 months on the till, the rest in yearly archives), and bytes per
// sale are shown before and after archiving. Target: each within 1.3x of day one. Never
// fails on time.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archiveSales, DEFAULT_KEEP_MONTHS, keepFrom } from '../db/archive.js';
import { openDatabase } from '../db/open.js';
import { openStore } from '../db/store.js';
import { dayOf } from '../domain/time-zone.js';
import { systemTimeZone } from '../db/till-time-zone.js';
import { createService } from '../main/agent/service.js';
import { databaseFile } from '../main/config/data-dir.js';
import { syncTuningSchema } from '../main/config/agent-config.js';
import { startConsole } from '../main/console/server.js';
import { createSyncEngine } from '../main/sync/engine.js';
import { chromiumAvailable, launchChromium } from '../test/helpers/browser.js';
import { repoRoot } from '../test/helpers/cli.js';
import { seedSyncedSales } from '../test/helpers/synced-history.js';
import { fixed } from './stats.js';
import { consoleRuntime } from '../test/helpers/runtime.js';

const SALES = Number(process.env.BENCH_SALES ?? 1_000_000);
const DAY = 86_400_000;
const NOW = Date.now();
const YEARS_MS = 3 * 365 * DAY;
const RUNS = 5;

const folder = mkdtempSync(join(tmpdir(), 'tillsync-bench-history-'));
const cli = join(repoRoot, 'bin', 'tillsync.js');

/** `count` sales over the `spanMs` before now, oldest first, all synced but the last 20. */
function seedHistory(file: string, count: number, spanMs: number): void {
  seedSyncedSales(file, count, NOW - spanMs, NOW, {
    pending: 20,
    progress: (written) => {
      if (written % 200_000 === 20_000 || written === count)
        process.stdout.write(`  seeding: ${written} of ${count} sales\n`);
    },
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function timeCli(dataDir: string, args: string[]): number {
  return median(
    Array.from({ length: RUNS }, () => {
      const started = performance.now();
      execFileSync(process.execPath, [cli, '--data-dir', dataDir, ...args], { stdio: 'ignore' });
      return performance.now() - started;
    }),
  );
}

function timeEngineStart(file: string): number {
  return median(
    Array.from({ length: 15 }, () => {
      const started = performance.now();
      const engine = createSyncEngine({
        file,
        config: { sync: syncTuningSchema.parse({}) },
      });
      engine.status();
      const took = performance.now() - started;
      void engine.stop();
      return took;
    }),
  );
}

async function timeSyncScreen(dataDir: string): Promise<number | null> {
  if (!chromiumAvailable) return null;
  const runtime = await consoleRuntime(dataDir);
  const server = await startConsole({ service: createService(runtime), dataDir, port: 0 });
  const browser = await launchChromium();
  try {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(server.loginUrl);
      await page.getByRole('tab', { name: /^Sync/ }).waitFor();
      const started = performance.now();
      await page.getByRole('tab', { name: /^Sync/ }).click();
      // Loaded: the figures are in, and the first page of sales (when there are any).
      // Locators, not a function evaluated in the page: the console's CSP forbids eval.
      // A figure as the locale groups it: "1,084", "1.084", "1 084".
      const synced = page.getByTestId('count-synced').filter({ hasText: /^\d[\d.,\s]*$/ });
      await synced.waitFor();
      if ((await synced.textContent()) !== '0')
        await page.locator('table.sales tbody tr').first().waitFor();
      times.push(performance.now() - started);
      await context.close();
    }
    if (process.env.BENCH_KEEP)
      console.log(`  Sync screen loads: ${times.map(Math.round).join(', ')} ms`);
    return median(times);
  } finally {
    await browser.close();
    await server.close();
    await runtime.close();
  }
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const [monthFrom, monthTo] = [day(NOW - 29 * DAY), day(NOW - DAY)];

/** Median ms of `run` over RUNS calls, after one call that prepares its statements. */
function timeCall(run: () => unknown): number {
  run();
  return median(
    Array.from({ length: RUNS }, () => {
      const started = performance.now();
      run();
      return performance.now() - started;
    }),
  );
}

/**
 * A return's first step, offline: the oldest sale found by its receipt number (in an archive
 * after three years), and a search by the day and the amount paid of that sale.
 */
function timeReturnSearch(file: string) {
  const store = openStore(file);
  try {
    const oldest = store.findSaleForReturn('1');
    if (!oldest.ok) throw new Error(`receipt 1: ${oldest.error.message}`);
    const search = {
      day: dayOf(oldest.value.createdAt, systemTimeZone()),
      amountMinor: oldest.value.totalMinor,
    };
    return {
      'find a sale to return ms': Number(
        fixed(
          timeCall(() => store.findSaleForReturn('1')),
          2,
        ),
      ),
      'search by day and amount ms': Number(
        fixed(
          timeCall(() => {
            const found = store.searchSalesForReturn(search);
            if (!found.ok || found.value.length === 0) throw new Error('no sale found');
          }),
          2,
        ),
      ),
    };
  } finally {
    store.close();
  }
}

async function measure(name: string, dataDir: string) {
  const file = databaseFile(dataDir);
  return {
    database: name,
    'tillsync status ms': Math.round(timeCli(dataDir, ['status'])),
    'sales list ms': Math.round(timeCli(dataDir, ['sales', 'list'])),
    'export the last month ms': Math.round(
      timeCli(dataDir, [
        'export',
        '--from',
        monthFrom,
        '--to',
        monthTo,
        '--out',
        join(folder, `${name}.csv`),
        '--force',
      ]),
    ),
    'Sync screen ms': await timeSyncScreen(dataDir).then((ms) =>
      ms === null ? 'no Chromium' : Math.round(ms),
    ),
    'engine start ms': Number(fixed(timeEngineStart(file), 1)),
    ...timeReturnSearch(file),
  };
}

const bytesPerSale = (file: string, sales: number) =>
  sales === 0 ? 0 : Math.round(statSync(file).size / sales);

try {
  const monthSales = Math.round((SALES * 30) / 1095);
  console.log(
    `bench:history: ${SALES} sales over three years against day one (${monthSales} sales, the last month)`,
  );
  const emptyDir = join(folder, 'day-one');
  const oldDir = join(folder, 'three-years');
  mkdirSync(emptyDir);
  mkdirSync(oldDir);
  // Tills on a platform (an address and a key), so every command reads <dir>/tillsync.db;
  // with nothing configured a till is in sandbox mode and its store is another file.
  for (const dir of [emptyDir, oldDir]) {
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ baseUrl: 'http://127.0.0.1:9' }));
    writeFileSync(join(dir, 'api-key'), 'bench-key', { mode: 0o600 });
  }
  seedHistory(databaseFile(emptyDir), monthSales, 30 * DAY);
  const seedStarted = performance.now();
  seedHistory(databaseFile(oldDir), SALES, YEARS_MS);
  console.log(`  seeded in ${fixed((performance.now() - seedStarted) / 1000, 1)} s`);
  const before = bytesPerSale(databaseFile(oldDir), SALES);
  const sizeBefore = statSync(databaseFile(oldDir)).size;

  const archiveStarted = performance.now();
  const database = openDatabase(databaseFile(oldDir));
  const moved = await archiveSales(database, keepFrom(NOW, DEFAULT_KEEP_MONTHS));
  database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const kept = database.sqlite.prepare('select count(*) from sales').pluck().get() as number;
  database.close();
  const archiveSeconds = (performance.now() - archiveStarted) / 1000;
  console.log(
    `  archived ${moved} sales in ${fixed(archiveSeconds, 1)} s; ${kept} stay on the till`,
  );

  // Both checked today, so the weekly check does not run (in the background) while timed.
  for (const dir of [emptyDir, oldDir]) {
    const checked = openDatabase(databaseFile(dir));
    checked.sqlite.prepare('update sync_state set integrity_checked_at = ? where id = 1').run(NOW);
    checked.close();
  }
  const empty = await measure('day one', emptyDir);
  const old = await measure('three years', oldDir);
  const ratio = Object.fromEntries(
    Object.entries(old)
      .filter(([, value]) => typeof value === 'number')
      .map(([key, value]) => [
        key,
        fixed((value as number) / Math.max(0.01, empty[key as keyof typeof empty] as number), 2),
      ]),
  );
  console.table([empty, old, { database: 'ratio (target <= 1.30)', ...ratio }]);
  const mb = (bytes: number) => `${fixed(bytes / 1_048_576, 1)} MB`;
  console.log(
    `the till's database: ${mb(sizeBefore)} and ${before} bytes per sale before archiving; ` +
      `${mb(statSync(databaseFile(oldDir)).size)} and ${bytesPerSale(databaseFile(oldDir), kept)} bytes per sale after (${kept} sales kept)`,
  );
} finally {
  if (process.env.BENCH_KEEP) console.log(`kept: ${folder}`);
  else rmSync(folder, { recursive: true, force: true });
}
