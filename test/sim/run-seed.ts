// One seeded run of the simulation: the real sync engine, on a real SQLite file, in a
// virtual world where processes crash at any await point, stall past their lease and wake
// to a stepped clock, meet a busy or full database, have their settings and key changed
// under them, and talk to a platform that answers everything the real one can (see
// sim-platform.ts). The platform checks every request as it comes (platform-watch.ts,
// body-checks.ts, offline-watch.ts); the till's file after every step (step-checks.ts)
// and, once the seed settles and its scenes have run (settled-scenes.ts), against what its
// processes heard and told (seed-verdict.ts). Returns what was violated, with a trace.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../db/store.js';
import type { AgentConfig } from '../../main/config/agent-config.js';
import { tillRecords } from './till-records.js';
import { faultMoments } from './disk-moments.js';
import { createAnswerRecord } from './answer-record.js';
import { createAttemptOracle } from './attempt-oracle.js';
import { createNewsChecks } from './news-checks.js';
import { createOfflineWatch } from './offline-watch.js';
import { createRateWatch } from './rate-watch.js';
import { createPlatformWatch } from './platform-watch.js';
import { createSimPlatform, SIM_KEY } from './sim-platform.js';
import { createSimTill } from './sim-till.js';
import { createBodyChecks } from './body-checks.js';
import { createExitChecks } from './exit-checks.js';
import { flagExtraCopies } from './final-checks.js';
import { freshTillFile } from './seed-file.js';
import { createSeedSales } from './seed-sales.js';
import { drawTuning } from './seed-tuning.js';
import { seedVerdict } from './seed-verdict.js';
import { settledScenes } from './settled-scenes.js';
import { createStepChecks } from './step-checks.js';
import { createWireFaults } from './wire-faults.js';
import { replaceKey, scheduleWorldEvents, SHOP_IDS, type WorldContext } from './world-events.js';
import { seededRandom, World } from './world.js';
import { createLinkOracle } from './link-oracle.js';
import { createStopWatch } from './stop-watch.js';
import { createStatusWatch } from './status-watch.js';
import { createConnectionOracle } from './connection-oracle.js';
import { pressResyncAtRandom, revokeAndRestart } from './link-events.js';

export interface SeedResult {
  seed: number;
  violations: string[];
  trace: string[];
  sales: number;
  virtualSeconds: number;
  honoursKeys: boolean;
  extraCopies: number;
}

/** After faults stop, every sale must be synced or parked within this much virtual time. */
const SETTLE_WITHIN_MS = 3_600_000;
const MAX_EVENTS = 200_000;
/** A full disk or a lock taken before the faults stop is over this long after. */
const STORAGE_FAULTS_LAST_MS = 10_000;
/**
 * Where a seed keeps its till file: memory (tmpfs) where there is one. The simulation checks
 * the logic of delivery, not the disk: an fsync there costs nothing, and seeds run faster.
 */
const SCRATCH = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

export async function runSeed(seed: number): Promise<SeedResult> {
  const random = seededRandom(seed);
  // The draws of the faults added since the worlds were first checked, from a stream of
  // their own: the rest of each seed's world stays as it was.
  const chance = seededRandom(seed ^ 0x5f3759df);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low));
  const dir = mkdtempSync(join(SCRATCH, 'tillsync-sim-'));
  const file = freshTillFile(SCRATCH, dir);
  const world = new World();
  const store = openStore(file);
  const checker = new Database(file, { readonly: true });
  const { honoursKeys, liveness, tuning, jitter } = drawTuning({ random, chance, pick, between });
  const tickWithinMs = Math.max(tuning.pollIntervalMs, tuning.probeIntervalMs) + 1000;
  const watch = createPlatformWatch(world, {
    backoff:
      jitter === null ? null : { jitter, baseMs: tuning.backoffBaseMs, capMs: tuning.backoffCapMs },
    parksUncertain: !honoursKeys && tuning.uncertainSales === 'park',
    tickWithinMs,
    retryAfterCapMs: tuning.retryAfterCapMs,
    maxUnexpectedAttempts: tuning.maxUnexpectedAttempts,
    records: tillRecords(checker),
  });
  const answers = createAnswerRecord();
  const bodies = createBodyChecks(SHOP_IDS);
  const flag = (problem: string) => watch.violations.push(`${problem} (at ${world.time} ms)`);
  const offline = createOfflineWatch(world, tickWithinMs, flag);
  const rates = createRateWatch(world, flag);
  const disturbed = () => context.disturbed.until > world.time || context.busy.holder !== undefined;
  const link = createLinkOracle(world, { checker, disturbed, flag });
  const connection = createConnectionOracle(world, {
    checker,
    disturbed,
    keyInUse: () => till.config.apiKey,
    flag,
  });
  const attempts = createAttemptOracle(checker, answers, flag, {
    parksUncertain: !honoursKeys && tuning.uncertainSales === 'park',
  });
  const platform = createSimPlatform(world, random, {
    answers,
    beforeHeard: faultMoments(() => context, checker, chance, { seed, honoursKeys, liveness }),
    bodies,
    offline: { ...offline, contact: (pid) => (offline.contact(pid), statusWatch.contact(pid)) },
    rates,
    link: {
      sent: (pid, apiKey, key) => link.sent(pid, apiKey, key),
      heard: (pid, apiKey, key, answer) => {
        link.heard(pid, apiKey, key, answer);
        connection(pid, apiKey, answer);
        statusWatch.heard(pid, apiKey, key, answer);
      },
    },
    attempts,
    honoursKeys,
    // How the quota is written: a stream of its own, so the worlds stay as they were.
    quotaStyle: seededRandom(seed ^ 0x2545f491),
    rateLimit:
      random() < 0.5
        ? {
            capacity: between(2, 6),
            refillPerSecond: between(1, 5),
            draft: pick(['old', 'x-old', 'dictionary', 'current'] as const),
          }
        : null,
    requestTimeoutMs: tuning.requestTimeoutMs,
    watch,
    refuses: (productId) => productId.startsWith('prod_gone'),
    baffles: (productId) => productId.startsWith('prod_odd'),
  });
  const config: AgentConfig = { baseUrl: 'https://platform.sim', apiKey: SIM_KEY, sync: tuning };
  const news = createNewsChecks(() => world.time, tickWithinMs);
  const exits = createExitChecks(world, checker);
  const till = createSimTill(world, {
    news,
    answers,
    file,
    config,
    platform,
    random,
    jitter: jitter === null ? null : () => jitter,
    liveness,
    onStarting: (pid, apiKey) => link.starting(pid, apiKey),
    onStarted: (pid, engine) => link.started(pid, engine),
    onGone: (pid) => {
      watch.processDied(pid);
      attempts.gone(pid);
      news.gone();
      statusWatch.gone(pid);
    },
    onExited: (pid, owner, final) => exits.exited(pid, owner, final).forEach(flag),
    onStopTook: createStopWatch(world, tuning.shutdownGraceMs, flag),
  });
  const busyUntil = () => context.disturbed.until;
  const statusWatch = createStatusWatch(world, {
    store,
    till,
    answers,
    disturbed,
    busyUntil,
    flag,
  });
  const totalSales = between(3, 13);
  const faultsUntil = between(30_000, 300_000);
  const fixable = new Set<number>();
  const context: WorldContext = {
    world,
    random,
    file,
    store,
    till,
    platform,
    watch,
    tuning,
    faultsUntil,
    busy: { holder: undefined },
    fixable,
    bodies,
    resynced(pid) {
      if (pid !== undefined) link.pressed(world.processes.get(pid)!.clock.now());
      watch.resynced();
      offline.resynced();
      rates.resynced();
    },
    disturbed: { until: 0 },
  };
  world.log(
    `seed ${seed}: ${totalSales} sales, platform ${honoursKeys ? 'honours' : 'ignores'} keys, liveness ${liveness}, concurrency ${tuning.concurrency}, lease ${tuning.leaseTtlMs} ms, uncertain sales: ${tuning.uncertainSales}, faults until ${faultsUntil / 1000}s`,
  );

  flagExtraCopies(platform, checker, watch);

  const { recordNext, recordSale, recorded } = createSeedSales(context, totalSales);

  // The plan: processes, sales, and the world's events, all before `faultsUntil`.
  const startAnother = () => till.start(random() < 0.2 ? between(-3_600_000, 3_600_000) : 0);
  startAnother();
  if (random() < 0.5) startAnother();
  // Some sales come in a rush (a queue at the counter): the platform sees a burst.
  const rushAt = between(0, faultsUntil);
  for (let i = 0; i < totalSales; i++) {
    const at = random() < 0.4 ? rushAt + i * 50 : between(0, faultsUntil);
    world.schedule(at, null, recordSale);
  }
  scheduleWorldEvents(context, between(2, 14));
  pressResyncAtRandom(context, between(0, 3));
  if (random() < 0.3) revokeAndRestart(context, recordSale);
  world.schedule(faultsUntil, null, () => {
    platform.heal();
    replaceKey(context, till.config.apiKey!); // a key still refused is replaced now
    world.log('faults stop');
    if (till.running.size === 0) till.start(0);
  });

  const unsettled = checker.prepare(
    `select count(*) as n from outbox where state not in ('synced', 'refused', 'discarded', 'voided')`,
  );
  const checkStep = createStepChecks(context, {
    checker,
    store,
    tuning,
    liveness,
    honoursKeys,
    news,
    flag,
  });
  const strikeOnTheWire = createWireFaults(context, { checker, liveness, chance, between });
  let events = 0;
  let settled = false;
  // A seed that failed stops: its first problems are its verdict, and an engine that spins
  // (a mutant's, often) would otherwise run to MAX_EVENTS, minutes of a mutation run.
  const failedEarly = () => watch.violations.length > 0 || news.passProblems().length > 0;
  /** The world's next event, and the checks made after every one. */
  async function step(): Promise<{ ran: boolean; pid: number | null }> {
    const result = await world.step();
    checkStep(result.pid);
    events += 1;
    return result;
  }
  try {
    for (;;) {
      const { ran, pid } = await step();
      if (!ran || events > MAX_EVENTS || failedEarly()) break;
      strikeOnTheWire(pid);
      // Settled: every sale synced or parked, nothing on the wire, the storage faults over,
      // and no process stopped (each has taken in what the world told it).
      if (
        world.time >= faultsUntil + STORAGE_FAULTS_LAST_MS &&
        !context.busy.holder &&
        recorded() === totalSales &&
        events % 20 === 0 &&
        world.live().every((process) => process.stalledUntil <= world.time)
      ) {
        if ((unsettled.get() as { n: number }).n === 0 && platform.inFlightCount === 0) {
          settled = true;
          break;
        }
      }
      // A lock that outlasts the faults is one: the bound counts from when writes go through.
      if (world.time > Math.max(faultsUntil, context.disturbed.until) + SETTLE_WITHIN_MS) break;
    }
    if (settled)
      await settledScenes(context, {
        seed,
        answers,
        checker,
        news,
        tickWithinMs,
        step: async () => void (await step()),
        recordNext,
      });
    if (!settled && failedEarly()) watch.violations.push(...news.passProblems());
    else if (!settled) {
      const left = (unsettled.get() as { n: number }).n;
      watch.violations.push(
        `not settled ${SETTLE_WITHIN_MS / 60_000} min after faults stopped: ${left} sale(s) neither synced nor parked (${events} events)`,
      );
    }
    watch.violations.push(
      ...seedVerdict(context, {
        checker,
        answers,
        recorded: recorded(),
        honoursKeys,
        quietFrom: faultsUntil + STORAGE_FAULTS_LAST_MS,
        tickWithinMs,
      }),
    );
  } finally {
    const late = await till.stopAll(tuning.shutdownGraceMs);
    if (late > 0) watch.violations.push(`${late} engine(s) did not stop within the grace time`);
    if (settled) watch.violations.push(...news.violations(checker));
    context.busy.holder?.close();
    checker.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }

  let extraCopies = 0;
  for (const sale of watch.sales.values()) extraCopies += Math.max(0, sale.copies - 1);
  world.log(`end: ${extraCopies} extra copies, ${events} events`);
  return {
    seed,
    violations: [...new Set(watch.violations)],
    trace: world.trace,
    sales: recorded(),
    virtualSeconds: Math.round(world.time / 1000),
    honoursKeys,
    extraCopies,
  };
}
