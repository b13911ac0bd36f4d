// bench:sync — how fast the engine drains a backlog, against what the same sandbox can
// take at all.
//
// For concurrency 1, 4 and 8: a fresh till database with a backlog of N sales is drained
// by the sync engine to the sandbox (its own process, rate limit off); in the same run,
// autocannon posts the same body at the same concurrency to the same sandbox: the ceiling.
// Prints sales/s for both and the ratio. Target: >= 0.7 of the ceiling at concurrency 4.
// Then the same drain at concurrency 4 with metrics on (the Prometheus endpoint, scraped
// every second) against metrics off, alternated, best of three each: target >= 0.98; and the
// memory the metrics take. Never fails on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postLoad } from './load.js';
import { BACKLOG_BODY, seedBacklog } from './seed-backlog.js';
import { engineFor, startSandboxProcess } from './servers.js';
import { fixed } from './stats.js';
import { metricsOn } from './metrics-on.js';

const backlog = Number(process.env.BENCH_SALES ?? 10_000);
const ceilingSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const levels = [1, 4, 8];

const folder = mkdtempSync(join(tmpdir(), 'tillsync-bench-sync-'));
const sandbox = await startSandboxProcess(join(folder, 'sandbox.db'));

async function drainBacklog(concurrency: number, withMetrics = false) {
  const file = join(folder, `till-c${concurrency}-${withMetrics ? 'metrics' : 'plain'}.db`);
  rmSync(file, { force: true });
  seedBacklog(file, backlog);
  const engine = engineFor(file, sandbox, concurrency);
  const metrics = withMetrics ? await metricsOn(engine, folder, file) : undefined;
  const started = performance.now();
  let synced = 0;
  while (engine.status().counts.pending > 0) synced += (await engine.drain()).synced;
  const seconds = (performance.now() - started) / 1000;
  const counts = engine.status().counts;
  await metrics?.stop();
  await engine.stop();
  if (synced !== backlog || counts.synced !== backlog)
    throw new Error(`drained ${synced}, counts ${JSON.stringify(counts)}`);
  return Math.round(backlog / seconds);
}

try {
  console.log(
    `bench:sync: a backlog of ${backlog} 3-item sales; ceiling: autocannon for ${ceilingSeconds} s, same body`,
  );
  const rows = [];
  for (const concurrency of levels) {
    const engineRate = await drainBacklog(concurrency);
    const ceiling = await postLoad({
      url: sandbox.url,
      key: sandbox.key,
      body: JSON.stringify(BACKLOG_BODY),
      connections: concurrency,
      seconds: ceilingSeconds,
    });
    rows.push({
      concurrency,
      'engine sales/s': engineRate,
      'autocannon sales/s': ceiling.perSecond,
      ratio: fixed(engineRate / ceiling.perSecond, 2),
    });
  }
  console.table(rows);
  console.log(`ratio at concurrency 4: ${rows[1]!.ratio} (target >= 0.70)`);

  const rssBefore = process.memoryUsage().rss;
  // Alternated, best of three each: the order of the runs does not favour either.
  let off = 0;
  let on = 0;
  for (let round = 0; round < 3; round++) {
    off = Math.max(off, await drainBacklog(4));
    on = Math.max(on, await drainBacklog(4, true));
  }
  const rssGrowth = (process.memoryUsage().rss - rssBefore) / 1_048_576;
  console.log(
    `metrics on: ${on} sales/s, off: ${off} sales/s, ratio ${fixed(on / off, 2)} (target >= 0.98); RSS ${fixed(rssGrowth, 1)} MB more after the metrics runs`,
  );
} finally {
  await sandbox.stop();
  rmSync(folder, { recursive: true, force: true });
}
