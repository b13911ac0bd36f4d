// soak — weeks without a restart, compressed: the built daemon with its console (its own
// process) against the sandbox, sales at a steady rate through the console's API, the
// platform's bad days every cycle (bench/soak-scenario.ts), the daily housekeeping on a
// day of --day-seconds, and a Chromium tab on the Sync screen. Every few seconds it samples
// the daemon (bench/soak-sampler.ts); at the end it prints the slopes after the warm-up
// with each goal met or missed (never failing on them) and writes an SVG plot and the
// samples into test-artifacts/.
// Usage: npm run soak -- --minutes 30 [--rate 10] [--sample-seconds 5] [--day-seconds 60]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { WAL_CHECKPOINT_PAGES } from '../db/open.js';
import { startSandbox } from '../sandbox/index.js';
import { chromiumAvailable, launchChromium, CHROMIUM } from '../test/helpers/browser.js';
import { repoRoot } from '../test/helpers/cli.js';
import { figureLines, soakFigures, warmUpSeconds } from './soak-figures.js';
import { soakPlot } from './soak-plot.js';
import { createSampler, type Sample } from './soak-sampler.js';
import { createScenario, scenarioSteps, TILL_SUBJECT } from './soak-scenario.js';
import { startSoakTill } from './soak-till.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '10' },
    'sample-seconds': { type: 'string' },
    'day-seconds': { type: 'string', default: '60' },
    // Heap snapshots of the daemon at the end of the warm-up and near the end of the run,
    // into test-artifacts/ (to name what a creeping heap holds).
    'heap-snapshots': { type: 'boolean', default: false },
    // A CPU profile of the daemon's main thread over the whole run, into test-artifacts/.
    'cpu-profile': { type: 'boolean', default: false },
  },
});
const option = (name: string, value: string | undefined, low: number, high: number) => {
  const number = Number(value);
  if (!Number.isFinite(number) || number < low || number > high) {
    console.error(`--${name} must be a number from ${low} to ${high}, not "${value}"`);
    process.exit(2);
  }
  return number;
};
const runSeconds = option('minutes', values.minutes, 0.1, 24 * 60) * 60;
const rate = option('rate', values.rate, 0.1, 200);
// At least a dozen samples in a short run; every 5 s in a long one.
const sampleSeconds = option(
  'sample-seconds',
  values['sample-seconds'] ?? String(Math.min(5, runSeconds / 15)),
  0.5,
  600,
);
const daySeconds = option('day-seconds', values['day-seconds'], 1, 86_400);
// The platform's bad days come every 3 minutes, or once in a shorter run.
const cycleSeconds = Math.min(180, runSeconds);

if (!chromiumAvailable) {
  console.log(`soak needs Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  process.exit(0);
}

const artifacts = join(repoRoot, 'test-artifacts');
mkdirSync(artifacts, { recursive: true });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const folder = mkdtempSync(join(tmpdir(), 'tillsync-soak-'));
const sandbox = await startSandbox({
  port: 0,
  dbFile: join(folder, 'platform.db'),
  rateLimit: false,
});
const firstKey = await sandbox.mintKey({ scope: 'sales:write sales:read', subject: TILL_SUBJECT });
const till = await startSoakTill({
  folder,
  baseUrl: sandbox.url,
  key: firstKey,
  housekeepingDayMs: daySeconds * 1000,
  nodeArgs: [
    ...(values['heap-snapshots']
      ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${artifacts}`]
      : []),
    ...(values['cpu-profile'] ? ['--cpu-prof', `--cpu-prof-dir=${artifacts}`] : []),
  ],
});
// When the heap snapshots are taken (seconds into the run), if asked for.
const snapshotsAt = values['heap-snapshots'] ? [warmUpSeconds(runSeconds), runSeconds * 0.95] : [];
const browser = await launchChromium();
let recorded = 0;
let refused = 0;
try {
  const page = await (
    await browser.newContext({ viewport: { width: 1024, height: 768 } })
  ).newPage();
  await page.goto(till.loginUrl);
  await page.getByRole('tab', { name: /^Sync/ }).click();
  console.log(
    `soak: ${(runSeconds / 60).toFixed(1)} min, ${rate} sales/s through the console, a sample every ${sampleSeconds} s, ` +
      `the platform's bad days every ${cycleSeconds} s, a housekeeping day every ${daySeconds} s, Chromium on the Sync screen`,
  );

  const sampler = createSampler(till);
  const samples: Sample[] = [];
  const scenario = createScenario(scenarioSteps(sandbox, till, firstKey), cycleSeconds);
  const began = performance.now();
  const elapsed = () => (performance.now() - began) / 1000;
  let nextSale = 0;
  let nextSample = sampleSeconds;
  let nextReport = 60;
  let inFlight = 0;
  while (elapsed() < runSeconds) {
    const now = elapsed();
    scenario.tick(now);
    // A steady rate: every sale due by now is rung up, one request each.
    while (nextSale <= now * rate) {
      nextSale += 1;
      inFlight += 1;
      void till
        .recordSale()
        .then((ok) => (ok ? (recorded += 1) : (refused += 1)))
        .catch(() => (refused += 1))
        .finally(() => (inFlight -= 1));
    }
    if (snapshotsAt.length > 0 && now >= snapshotsAt[0]!) {
      snapshotsAt.shift();
      process.kill(till.pid, 'SIGUSR2');
      console.log(`  heap snapshot of the daemon at ${(now / 60).toFixed(1)} min`);
    }
    if (now >= nextSample) {
      nextSample += sampleSeconds;
      samples.push(await sampler.sample(recorded));
    }
    if (now >= nextReport) {
      nextReport += 60;
      const last = samples.at(-1)!;
      console.log(
        `  ${(now / 60).toFixed(0)} min: ${recorded} sales, RSS ${last.rssMb.toFixed(1)} MB, heap ${last.heapMb.toFixed(1)} MB, ` +
          `${last.fds} descriptors, WAL ${last.walMb.toFixed(1)} MB, loop p99 ${last.loopP99Ms.toFixed(1)} ms`,
      );
    }
    await sleep(Math.min(50, 1000 / rate));
  }
  sampler.stop();
  while (inFlight > 0) await sleep(20);
  scenario.finishCycle();
  const happened = await scenario.settle();
  const drainUntil = performance.now() + 60_000;
  while ((await till.waiting()) > 0 && performance.now() < drainUntil) await sleep(200);
  const waiting = await till.waiting();
  await browser.close();
  const exitCode = await till.stop();

  const platform = new Database(sandbox.dbFile, { readonly: true });
  const atPlatform = platform
    .prepare<[], { n: number; keys: number }>(
      'select count(*) as n, count(distinct idempotency_key) as keys from sales',
    )
    .get()!;
  platform.close();
  const tillDatabase = new Database(till.databaseFile, { readonly: true });
  const pageSize = tillDatabase.pragma('page_size', { simple: true }) as number;
  tillDatabase.close();

  const { firstArchiveAt } = till.log;
  const warmUp = warmUpSeconds(
    runSeconds,
    firstArchiveAt === undefined ? undefined : (firstArchiveAt - began) / 1000,
  );
  const figures = soakFigures(samples, warmUp, {
    walBoundMb: (WAL_CHECKPOINT_PAGES * pageSize) / 1024 / 1024,
  });
  const count = (what: string) => happened.filter((step) => step === what).length;
  const heading = `soak: ${(elapsed() / 60).toFixed(1)} min, ${recorded} sales at ${rate}/s, warm-up ${(warmUp / 60).toFixed(1)} min`;
  console.log(`\n${heading}`);
  console.log(
    `the platform's bad days: ${count('outage')} outages, ${count('429 burst')} 429 bursts, ${count('key replaced')} keys revoked and replaced`,
  );
  console.log(
    `housekeeping (from the daemon's log): ${till.log.backups} backups, ${till.log.integrityChecks} integrity checks, ` +
      `${till.log.archived} sales archived; ${till.log.problems} warnings or errors logged`,
  );
  console.log(
    `sales: ${recorded} recorded, ${refused} refused by the till, ${atPlatform.keys} at the platform ` +
      `(${atPlatform.n - atPlatform.keys} twice), ${waiting} still waiting; the daemon exited with ${exitCode}`,
  );
  for (const line of figureLines(figures)) console.log(line);

  writeFileSync(join(artifacts, 'soak.svg'), soakPlot(samples, warmUp, figures, heading));
  writeFileSync(join(artifacts, 'soak-samples.json'), JSON.stringify(samples));
  console.log(`plot: test-artifacts/soak.svg; samples: test-artifacts/soak-samples.json`);
} catch (error) {
  console.error(`the daemon's last log lines:\n${till.tail.join('\n')}`);
  throw error;
} finally {
  await browser.close();
  await till.stop();
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
}
