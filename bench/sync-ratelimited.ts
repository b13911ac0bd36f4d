// bench:sync:ratelimited — draining a backlog into a platform that rate-limits, as politely
// and as fast as it allows. The sandbox runs with its rate limit on (a token bucket per
// key: a burst of 200, then 100 requests/s, with RateLimit-* headers and Retry-After on
// 429); the engine drains BENCH_SALES sales at concurrency 4. The baseline, in the same
// run, is what the bucket allows: the burst, then its refill rate. Prints the achieved rate
// against the allowed one (target >= 0.9) and the 429s the platform had to send (target:
// one burst at most, i.e. no more than the concurrency). Never fails on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/open.js';
import { DEFAULT_RATE_LIMIT } from '../sandbox/rate-limit.js';
import { seedBacklog } from './seed-backlog.js';
import { engineFor, startSandboxProcess } from './servers.js';
import { fixed } from './stats.js';

const backlog = Number(process.env.BENCH_SALES ?? 5000);
const concurrency = 4;
if (DEFAULT_RATE_LIMIT === false) throw new Error('the sandbox has no default rate limit');
const { capacity, refillPerSecond } = DEFAULT_RATE_LIMIT;

const folder = mkdtempSync(join(tmpdir(), 'tillsync-bench-ratelimited-'));
const sandbox = await startSandboxProcess(join(folder, 'sandbox.db'), { rateLimit: true });
try {
  const file = join(folder, 'till.db');
  seedBacklog(file, backlog);
  console.log(
    `bench:sync:ratelimited: ${backlog} sales at concurrency ${concurrency} into the sandbox, rate limit ${capacity} burst + ${refillPerSecond}/s`,
  );
  // The bucket starts full after the sandbox has been idle since start: wait for it.
  await new Promise((resolve) => setTimeout(resolve, (capacity / refillPerSecond) * 1000));
  const engine = engineFor(file, sandbox, concurrency);
  const started = performance.now();
  let synced = 0;
  engine.events.on('sale', ({ outcome }) => {
    if (outcome === 'synced') synced += 1;
  });
  engine.start();
  while (synced < backlog) await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - started) / 1000;
  await engine.stop();

  const database = openDatabase(file);
  const throttled = (
    database.sqlite
      .prepare('select count(*) as n from sync_attempts where http_status = 429')
      .get() as { n: number }
  ).n;
  database.close();
  const allowedSeconds = Math.max(0, backlog - capacity) / refillPerSecond;
  const allowedRate = allowedSeconds > 0 ? backlog / allowedSeconds : Number.POSITIVE_INFINITY;
  const achieved = backlog / seconds;
  console.table([
    {
      'achieved sales/s': fixed(achieved, 1),
      'allowed sales/s': Number.isFinite(allowedRate) ? fixed(allowedRate, 1) : 'burst only',
      ratio: Number.isFinite(allowedRate) ? fixed(achieved / allowedRate, 2) : '-',
      '429 answers': throttled,
      seconds: fixed(seconds, 1),
    },
  ]);
  console.log(
    `ratio ${Number.isFinite(allowedRate) ? fixed(achieved / allowedRate, 2) : '-'} (target >= 0.90); ` +
      `429s ${throttled} (target: one burst at most, <= ${concurrency})`,
  );
} finally {
  await sandbox.stop();
  rmSync(folder, { recursive: true, force: true });
}
