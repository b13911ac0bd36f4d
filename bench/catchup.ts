// bench:catchup — a till catching up on a backlog while a cashier keeps selling, with the
// console open in Chromium: once on the Till screen, once on the Sync screen.
//
// For each screen: a fresh till with a backlog of N sales drains to the sandbox (its own
// process, rate limit off) while the page records a sale every 100 ms through its own API.
// Prints the drain time and recordSale p50/p95/max (measured in the page) for both, and
// the ratio of the drains. Targets: the Sync screen's drain within 1.1x of the Till
// screen's; recordSale p95 under 25 ms on both. Never fails on time.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { createService } from '../main/agent/service.js';
import { databaseFile } from '../main/config/data-dir.js';
import { startConsole } from '../main/console/server.js';
import { chromiumAvailable, launchChromium, CHROMIUM } from '../test/helpers/browser.js';
import { repoRoot } from '../test/helpers/cli.js';
import { BACKLOG_SALE, seedBacklog } from './seed-backlog.js';
import { startSandboxProcess } from './servers.js';
import { fixed, percentile } from './stats.js';
import { consoleRuntime } from '../test/helpers/runtime.js';

const backlog = Number(process.env.BENCH_SALES ?? 5000);
const CASHIER_EVERY_MS = 100;

if (!chromiumAvailable) {
  console.log(`bench:catchup needs Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  process.exit(0);
}

// The cashier, in the page: a sale every 100 ms through the console API the page uses.
const CASHIER = `(({ body, everyMs }) => {
  const secret = sessionStorage.getItem('tillsync-session') ?? '';
  const latencies = [];
  let failed = 0;
  const timer = setInterval(async () => {
    const started = performance.now();
    const response = await fetch('api/recordSale', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tillsync-session': secret },
      body,
    });
    const result = await response.json();
    latencies.push(performance.now() - started);
    if (!result.ok) failed += 1;
  }, everyMs);
  window.stopCashier = () => { clearInterval(timer); return { latencies, failed }; };
})`;

const folder = mkdtempSync(join(tmpdir(), 'tillsync-bench-catchup-'));
await build({ configFile: join(repoRoot, 'renderer', 'vite.config.ts'), logLevel: 'silent' });
const sandbox = await startSandboxProcess(join(folder, 'sandbox.db'));
const browser = await launchChromium();

/** A time, or "-" when no sale was rung up to time (a short smoke run). */
const shownMs = (ms: number) => (Number.isFinite(ms) ? fixed(ms, 1) : '-');

async function catchUp(screen: 'Till' | 'Sync', sales = backlog, name: string = screen) {
  const dataDir = join(folder, name);
  mkdirSync(dataDir);
  seedBacklog(databaseFile(dataDir), sales);
  const started = performance.now();
  const runtime = await consoleRuntime(dataDir, {
    baseUrl: sandbox.url,
    key: sandbox.key,
    sync: { concurrency: 4 },
  });
  const server = await startConsole({ service: createService(runtime), dataDir, port: 0 });
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(server.loginUrl);
  await page.getByRole('tab', { name: new RegExp(`^${screen}`) }).click();
  await page.evaluate(
    `${CASHIER}(${JSON.stringify({ body: JSON.stringify(BACKLOG_SALE), everyMs: CASHIER_EVERY_MS })})`,
  );
  const waiting = () => {
    const { pending, sending } = runtime.agent.engine.status().counts;
    return pending + sending;
  };
  let lastShown = 0;
  while (waiting() > 0) {
    if (performance.now() - lastShown > 5000) {
      lastShown = performance.now();
      process.stdout.write(`  ${screen} screen: ${waiting()} sales still to send\n`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const drainSeconds = (performance.now() - started) / 1000;
  const cashier = await page.evaluate<{ latencies: number[]; failed: number }>(
    'window.stopCashier()',
  );
  await context.close();
  await server.close();
  await runtime.close();
  const sorted = [...cashier.latencies].sort((a, b) => a - b);
  return {
    screen,
    'drain s': fixed(drainSeconds, 1),
    'sales rung up': sorted.length,
    'refused by the till': cashier.failed,
    'recordSale p50 ms': shownMs(percentile(sorted, 50)),
    'recordSale p95 ms': shownMs(percentile(sorted, 95)),
    'recordSale max ms': shownMs(sorted.at(-1) ?? Number.NaN),
    drainSeconds,
  };
}

try {
  console.log(
    `bench:catchup: a backlog of ${backlog} sales drains to the sandbox while the page records a sale every ${CASHIER_EVERY_MS} ms`,
  );
  await catchUp('Till', Math.min(backlog, 300), 'warm-up'); // Chromium and the JIT warm up
  const till = await catchUp('Till');
  const sync = await catchUp('Sync');
  console.table([till, sync].map(({ drainSeconds: _drain, ...row }) => row));
  console.log(
    `drain with the Sync screen / with the Till screen: ${fixed(sync.drainSeconds / till.drainSeconds, 2)} (target <= 1.10); recordSale p95 target < 25 ms`,
  );
} finally {
  await browser.close();
  await sandbox.stop();
  rmSync(folder, { recursive: true, force: true });
}
