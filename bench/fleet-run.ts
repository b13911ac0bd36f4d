// A fleet of real `tillsync daemon` processes draining their backlogs into one sandbox
// process through ONE shared key, a chain after an outage: the daemons start while the
// platform refuses connections, and the outage ends for all at once. The figures of the
// run: aggregate rate against what the key's token bucket allows from the lift (finding
// the platform back included), the share of requests answered 429, each till's drain
// time, and every sale at the platform exactly once. Used by bench/fleet.ts and test/sync/fleet.process.test.ts.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { seedBacklog } from './seed-backlog.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// The built command, as a till runs it: it starts in a third of the time the sources take
// through tsx, which on two cores would otherwise spread ten start-ups over 20 s.
const tillsync = fileURLToPath(new URL('../bin/tillsync.js', import.meta.url));
const sandboxEntry = fileURLToPath(new URL('./fleet-sandbox.ts', import.meta.url));

export interface FleetOptions {
  tills: number;
  salesPerTill: number;
  /** The key's token bucket: its size and its refill per second. */
  capacity: number;
  refillPerSecond: number;
  /** Gives up (and throws) when the fleet has not drained this long after the lift. */
  timeoutMs?: number;
}

export interface FleetFigures {
  sales: number;
  /** From the first daemon's spawn until every daemon said it started (the outage). */
  startSeconds: number;
  /** From the outage's end until the platform's last answer (finding it back included). */
  sinceLiftSeconds: number;
  /** From the platform's first answer after the outage to its last. */
  seconds: number;
  /** The bucket's best: its burst (full after the outage), then its refill. */
  optimumSeconds: number;
  /** Answers per second from the first answer after the lift, by status. */
  timeline: Record<string, number>[];
  /** Achieved rate against the allowed one: optimum ÷ seconds. */
  rateRatio: number;
  /** Every answer the platform gave to /v1/ (sales and key checks), by status. */
  statuses: Record<string, number>;
  requests: number;
  throttled: number;
  throttledShare: number;
  /** Each till's time from the lift until its first and its last sale were synced. */
  firstSeconds: number[];
  drainSeconds: number[];
  slowestVsMedian: number;
  /** Sales of the tills the platform does not hold, and held more than once. */
  lost: number;
  twice: number;
}

function lineOf(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => pattern.test(text));
      if (line) resolve(line);
    });
    child.once('close', (code) => reject(new Error(`exited (${code}): ${output}`)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function builtIsCurrent(): void {
  try {
    execFileSync(process.execPath, ['scripts/build-stamp.mjs', 'check'], { cwd: repoRoot });
  } catch {
    throw new Error(
      'The fleet runs the built daemon, and dist/ is older than the sources: run `npm run build` first.',
    );
  }
}

export async function runFleet(options: FleetOptions): Promise<FleetFigures> {
  builtIsCurrent();
  const { tills, salesPerTill, capacity, refillPerSecond } = options;
  const folder = mkdtempSync(join(tmpdir(), 'tillsync-fleet-'));
  const sandboxFile = join(folder, 'sandbox.db');
  const sandbox = spawn(
    process.execPath,
    ['--import', 'tsx', sandboxEntry, sandboxFile, String(capacity), String(refillPerSecond)],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const daemons: ChildProcess[] = [];
  try {
    const { url, key } = JSON.parse(await lineOf(sandbox, /"url"/)) as { url: string; key: string };
    const dataDirs = Array.from({ length: tills }, (_, n) => {
      const dataDir = join(folder, `till-${n}`);
      seedBacklog(join(dataDir, 'tillsync.db'), salesPerTill);
      writeFileSync(
        join(dataDir, 'config.json'),
        // Finding the platform back within half a second, not the default 5 s probe.
        JSON.stringify({ sync: { pollIntervalMs: 500, probeIntervalMs: 500 } }),
      );
      return dataDir;
    });
    const databases = dataDirs.map(
      (dataDir) =>
        new Database(join(dataDir, 'tillsync.db'), { readonly: true, fileMustExist: true }),
    );
    const synced = databases.map((database) =>
      database.prepare("select count(*) as n from outbox where state = 'synced'").pluck(),
    );
    const started = performance.now();
    for (const dataDir of dataDirs) {
      daemons.push(
        spawn(process.execPath, [tillsync, 'daemon'], {
          cwd: repoRoot,
          stdio: ['ignore', 'pipe', 'ignore'],
          env: {
            ...process.env,
            TILLSYNC_DATA_DIR: dataDir,
            TILLSYNC_BASE_URL: url,
            TILLSYNC_API_KEY: key,
          },
        }),
      );
    }
    await Promise.all(daemons.map((daemon) => lineOf(daemon, /daemon started/)));
    const startSeconds = (performance.now() - started) / 1000;
    const lifted = lineOf(sandbox, /"lifted"/);
    sandbox.stdin?.write('lift\n');
    await lifted;
    const liftedAt = performance.now();
    const deadline = liftedAt + (options.timeoutMs ?? 120_000);
    const drainSeconds: (number | undefined)[] = Array.from({ length: tills });
    const firstSeconds: (number | undefined)[] = Array.from({ length: tills });
    while (drainSeconds.some((seconds) => seconds === undefined)) {
      if (performance.now() > deadline) {
        const counts = synced.map((count) => count.get() as number);
        throw new Error(`the fleet did not drain in time: synced ${counts.join(', ')}`);
      }
      synced.forEach((count, n) => {
        const done = count.get() as number;
        if (firstSeconds[n] === undefined && done > 0)
          firstSeconds[n] = (performance.now() - liftedAt) / 1000;
        if (drainSeconds[n] === undefined && done >= salesPerTill)
          drainSeconds[n] = (performance.now() - liftedAt) / 1000;
      });
      await sleep(50);
    }
    const slowest = Math.max(...(drainSeconds as number[]));
    await Promise.all(daemons.map(stop));
    const sandboxEnd = lineOf(sandbox, /"statuses"/);
    sandbox.kill('SIGTERM');
    const { statuses, spanSeconds, sinceLiftSeconds, timeline } = JSON.parse(await sandboxEnd) as {
      statuses: Record<string, number>;
      spanSeconds: number;
      sinceLiftSeconds: number;
      timeline: (Record<string, number> | null)[];
    };

    const tillKeys = databases.flatMap(
      (database) =>
        database.prepare('select idempotency_key from outbox').pluck().all() as string[],
    );
    databases.forEach((database) => database.close());
    const platform = new Database(sandboxFile, { readonly: true });
    const held = new Map(
      (
        platform
          .prepare(
            'select idempotency_key as key, count(*) as n from sales group by idempotency_key',
          )
          .all() as { key: string; n: number }[]
      ).map(({ key: idempotencyKey, n }) => [idempotencyKey, n]),
    );
    platform.close();
    const sales = tills * salesPerTill;
    const requests = Object.values(statuses).reduce((sum, n) => sum + n, 0);
    const throttled = statuses['429'] ?? 0;
    const optimumSeconds = Math.max(0, sales - capacity) / refillPerSecond;
    return {
      sales,
      startSeconds,
      sinceLiftSeconds,
      seconds: spanSeconds,
      optimumSeconds,
      rateRatio: optimumSeconds / spanSeconds,
      statuses,
      timeline: timeline.map((second) => second ?? {}),
      requests,
      throttled,
      throttledShare: requests ? throttled / requests : 0,
      firstSeconds: firstSeconds as number[],
      drainSeconds: drainSeconds as number[],
      slowestVsMedian: slowest / median(drainSeconds as number[]),
      lost: tillKeys.filter((idempotencyKey) => !held.has(idempotencyKey)).length,
      twice: [...held.values()].filter((n) => n > 1).length,
    };
  } finally {
    await Promise.all(daemons.map(stop));
    if (sandbox.exitCode === null) sandbox.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGTERM');
  });
}
