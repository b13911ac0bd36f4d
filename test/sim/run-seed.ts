// One seeded run of the simulation: the real sync engine, on a real SQLite file, in a
// virtual world where processes crash at any await point, stall past their lease and wake
// to a stepped clock, meet a busy or full database, have their settings and key changed
// under them, and talk to a platform that answers everything the real one can (see
// sim-platform.ts). The platform checks every request as it comes (platform-watch.ts,
// body-checks.ts, offline-watch.ts); the till's file is checked when the seed settles
// against what its processes heard and told (final-checks.ts, log-checks.ts,
// state-checks.ts, news-checks.ts). Returns what was violated, with a replayable trace.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../db/store.js';
import { checked } from '../helpers/sales.js';
import { syncTuningSchema, type AgentConfig } from '../../main/config/agent-config.js';
import { tillRecords } from './till-records.js';
import { finalViolations, flagExtraCopies } from './final-checks.js';
import { createSendingWatch } from './sending-watch.js';
import { faultMoments } from './disk-moments.js';
import { createLeaseWatch } from './lease-watch.js';
import { createLetGoWatch } from './let-go-watch.js';
import { createOutboxWatch } from './outbox-watch.js';
import { createFigureChecks } from './figure-checks.js';
import { createSpinWatch } from './spin-watch.js';
import { createAnswerRecord } from './answer-record.js';
import { attemptLogViolations } from './log-checks.js';
import { counterViolations } from './counter-checks.js';
import { createAttemptOracle } from './attempt-oracle.js';
import { createNewsChecks } from './news-checks.js';
import { createOfflineWatch } from './offline-watch.js';
import { createRateWatch } from './rate-watch.js';
import { stateViolations } from './state-checks.js';
import { createPlatformWatch } from './platform-watch.js';
import { createSimPlatform, SIM_KEY } from './sim-platform.js';
import { createSimTill, type LivenessMode } from './sim-till.js';
import { createBodyChecks } from './body-checks.js';
import { createExitChecks } from './exit-checks.js';
import { simulatedSale } from './sim-sales.js';
import { calmHour } from './calm-hour.js';
import { quotaScene } from './quota-scene.js';
import { retryAfterScene } from './retry-after-scene.js';
import {
  diskFault,
  replaceKey,
  restartSoon,
  scheduleWorldEvents,
  SHOP_IDS,
  type WorldContext,
} from './world-events.js';
import { EPOCH, seededRandom, World } from './world.js';
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
  const file = join(dir, 'tillsync.db');
  const world = new World();
  const store = openStore(file);
  const checker = new Database(file, { readonly: true });
  const honoursKeys = random() < 0.5;
  const liveness = pick<LivenessMode>(['exact', 'exact', 'unknown', 'mixed']);
  const tuning = syncTuningSchema.parse({
    concurrency: between(1, 5),
    uncertainSales: random() < 0.2 ? 'park' : 'retry',
    leaseTtlMs: pick([2000, 10_000, 30_000]),
    requestTimeoutMs: pick([1000, 5000, 15_000]),
    backoffCapMs: pick([10_000, 60_000, 300_000]),
    maxUnexpectedAttempts: pick([3, 10]),
    // A short grace too: a SIGTERM then cuts a pass in its wait (stop-watch.ts).
    shutdownGraceMs: pick([0, 300, 5000]),
    // A short cap on Retry-After: the longest wait a till trusts is then short, and a wait
    // taken for a clock step shows at once (db/outbox.ts, farAhead).
    retryAfterCapMs: chance() < 0.33 ? 20_000 : 600_000,
  });
  // Half the worlds give the engine one fixed jitter, so the backoff of every retry is known.
  const jitter = random() < 0.5 ? between(10, 99) / 100 : null;
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
  const statusWatch = createStatusWatch(world, { store, till, answers, disturbed, flag });
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
  let recorded = 0;
  world.log(
    `seed ${seed}: ${totalSales} sales, platform ${honoursKeys ? 'honours' : 'ignores'} keys, liveness ${liveness}, concurrency ${tuning.concurrency}, lease ${tuning.leaseTtlMs} ms, uncertain sales: ${tuning.uncertainSales}, faults until ${faultsUntil / 1000}s`,
  );

  flagExtraCopies(platform, checker, watch);

  /** Records sale number `recorded` of kind `roll` (sim-sales.ts) at this wall time. */
  function recordNext(roll: number, wall: number): number {
    const number = recorded;
    const { sale, body, fixable: needsPerson } = simulatedSale(number, roll);
    if (needsPerson) fixable.add(number);
    bodies.expect(body);
    // Distinct times keep the queue's order the same on every run of this seed.
    const result = store.recordSale(checked(sale), { now: wall + number });
    if (!result.ok) throw new Error(result.error.message);
    recorded += 1;
    world.log(`sale #${result.value.receiptNumber} recorded`);
    till.notifySaleRecorded();
    return number;
  }
  function recordSale(): void {
    if (recorded >= totalSales) return;
    if (context.busy.holder) world.schedule(world.time + 500, null, recordSale);
    else recordNext(random(), EPOCH + world.time);
  }

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
  const sendingNow = checker.prepare(`select count(*) from outbox where state = 'sending'`).pluck();
  const leaseWatch = createLeaseWatch(checker, world, liveness, tuning.leaseTtlMs, () =>
    Math.max(context.disturbed.until, till.lastStepAt),
  );
  // A commit of the outcome waits for the engine's next tick at most.
  const sendingWatch = createSendingWatch(
    checker,
    world,
    tuning.inlineRetryMaxMs + 1000,
    () => context.disturbed.until,
    (pid) => platform.waitedOnBy(pid),
  );
  const letGoWatch = createLetGoWatch(checker, world, platform);
  const outboxWatch = createOutboxWatch(checker, honoursKeys);
  const figureChecks = createFigureChecks(checker, store, tuning);
  const spinWatch = createSpinWatch(world);
  let events = 0;
  let settled = false;
  // A seed that failed stops: its first problems are its verdict, and an engine that spins
  // (a mutant's, often) would otherwise run to MAX_EVENTS, minutes of a mutation run.
  const failedEarly = () => watch.violations.length > 0 || news.passProblems().length > 0;
  /** The world's next event, and the checks made after every one. */
  async function step(): Promise<{ ran: boolean; pid: number | null }> {
    const result = await world.step();
    const leaseProblem = leaseWatch();
    if (leaseProblem) watch.violations.push(`${leaseProblem} (at ${world.time} ms)`);
    const sendingProblem = sendingWatch();
    if (sendingProblem) watch.violations.push(`${sendingProblem} (at ${world.time} ms)`);
    const letGo = letGoWatch(result.pid);
    if (letGo) watch.violations.push(`${letGo} (at ${world.time} ms)`);
    const row = outboxWatch();
    if (row) watch.violations.push(`${row} (at ${world.time} ms)`);
    const figures = figureChecks(world.processes.get(result.pid ?? -1)?.clock.now());
    if (figures) watch.violations.push(`${figures} (at ${world.time} ms)`);
    const spins = spinWatch();
    if (spins) watch.violations.push(`${spins} (at ${world.time} ms)`);
    const alone = result.pid !== null && world.live().length === 1 && till.running.get(result.pid);
    if (alone && !alone.stopping) {
      const late = news.toldAtOnce(result.pid!, alone.engine);
      if (late) watch.violations.push(`${late} (at ${world.time} ms)`);
    }
    events += 1;
    return result;
  }
  try {
    for (;;) {
      const { ran, pid } = await step();
      if (!ran || events > MAX_EVENTS || failedEarly()) break;
      // A crash at this await point: the process stops where it stands.
      if (pid !== null && world.time < faultsUntil && till.running.has(pid) && random() < 0.004) {
        if (till.crash(pid, 'mid-flight')) restartSoon(context, between);
      }
      // On one machine's clock, a leap forward past the lease while a sale is being sent,
      // and every process asked to send: the one way a sender that still trusts its lease
      // finds it taken by another, so the claim's fence must hold.
      if (
        liveness !== 'exact' &&
        pid !== null &&
        world.time < faultsUntil &&
        random() < 0.01 &&
        (sendingNow.get() as number) > 0
      ) {
        till.stepClock(
          world.processes.get(pid)!,
          tuning.leaseTtlMs + between(0, 30_000),
          ' while sending',
        );
        till.notifySaleRecorded();
      }
      // SIGTERM while a request is on the wire: a short grace cuts it (sent, or not yet);
      // or SIGKILL, which leaves it for the next sender to take back (orphaned).
      if (pid !== null && world.time < faultsUntil && platform.waitedOnBy(pid) && chance() < 0.03) {
        if (chance() < 0.67) till.terminate(pid, () => restartSoon(context, between));
        else if (till.crash(pid, 'with a request on the wire')) restartSoon(context, between);
      }
      // The disk refuses writes while a sale is on the wire: its answer must not be lost.
      if (
        pid !== null &&
        world.time < faultsUntil &&
        random() < 0.01 &&
        (sendingNow.get() as number) > 0
      )
        diskFault(context, pid, between(200, 3000), true);
      // Settled: every sale synced or parked, nothing on the wire, the storage faults over,
      // and no process stopped (each has taken in what the world told it).
      if (
        world.time >= faultsUntil + STORAGE_FAULTS_LAST_MS &&
        recorded === totalSales &&
        events % 20 === 0 &&
        world.live().every((process) => process.stalledUntil <= world.time)
      ) {
        if ((unsettled.get() as { n: number }).n === 0 && platform.inFlightCount === 0) {
          settled = true;
          break;
        }
      }
      if (world.time > faultsUntil + SETTLE_WITHIN_MS) break;
    }
    // A calm till after the faults: deadlines a working till meets.
    if (settled)
      await calmHour(context, {
        answers,
        checker,
        step: async () => void (await step()),
        recordSale: (refused, wall) => recordNext(refused ? 0 : 0.99, wall),
      });
    // Then a rush under a quota: paced as told, neither slower nor faster (quota-scene.ts).
    if (settled)
      await quotaScene(context, {
        answers,
        checker,
        step: async () => void (await step()),
        recordSale: (wall) => recordNext(0.99, wall),
      });
    // And Retry-After in every form, honoured as it says (retry-after-scene.ts).
    if (settled)
      await retryAfterScene(context, {
        answers,
        step: async () => void (await step()),
        recordSale: (wall) => recordNext(0.99, wall),
      });
    if (settled) {
      // Calm for a tick of every process: each has told its screens what it knows.
      const calmUntil = world.time + tickWithinMs;
      while (world.nextEventAt !== undefined && world.nextEventAt <= calmUntil) await step();
      watch.violations.push(...news.screenViolations(till.running));
    }
    if (!settled && failedEarly()) watch.violations.push(...news.passProblems());
    else if (!settled) {
      const left = (unsettled.get() as { n: number }).n;
      watch.violations.push(
        `not settled ${SETTLE_WITHIN_MS / 60_000} min after faults stopped: ${left} sale(s) neither synced nor parked (${events} events)`,
      );
    }
    watch.violations.push(...finalViolations(checker, watch, { recorded, honoursKeys }));
    watch.violations.push(
      ...stateViolations(checker, {
        answers: answers.all(),
        contacts: answers.contacts(),
        quietFrom: faultsUntil + STORAGE_FAULTS_LAST_MS,
        oneClock: !till.clocksMoved,
        machineClock: till.machineClock,
        steps: till.steps,
        alive: (pid) => till.running.has(pid),
        baseUrl: till.config.baseUrl!,
        now: world.time,
        // The next tick, after the longest a process is stopped for.
        detectWithinMs: tickWithinMs + tuning.leaseTtlMs * 3,
      }),
    );
    watch.violations.push(
      ...attemptLogViolations(checker, answers, {
        maxUnexpectedAttempts: tuning.maxUnexpectedAttempts,
        parksUncertain: tuning.uncertainSales === 'park',
        alive: (pid) => till.running.has(pid),
        sentUnder: (key, wall) => platform.sentUnder(key, wall),
      }),
    );
    watch.violations.push(...counterViolations(checker, honoursKeys));
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
    sales: recorded,
    virtualSeconds: Math.round(world.time / 1000),
    honoursKeys,
    extraCopies,
  };
}
