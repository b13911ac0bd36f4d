// One seeded run of the simulation: the real sync engine, on a real SQLite file, in a
// virtual world where processes crash at any await point, stall past their lease, have
// their clocks stepped, meet a busy or full database, and talk to a platform that fails in
// every way. Checks after every step; returns what was violated, with a replayable trace.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase, type TillDatabase } from '../../db/open.js';
import { openStore } from '../../db/store.js';
import { syncTuningSchema, type AgentConfig } from '../../main/config/agent-config.js';
import { createSyncEngine, type SyncEngine } from '../../main/sync/engine.js';
import { createSimPlatform } from './sim-platform.js';
import { EPOCH, seededRandom, World, type SimProcess } from './world.js';

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

interface Running {
  process: SimProcess;
  engine: SyncEngine;
  database: TillDatabase;
  stopping?: boolean;
  /** The stop a SIGTERM started, once the process handled it. */
  stopped?: Promise<unknown>;
}

export async function runSeed(seed: number): Promise<SeedResult> {
  const random = seededRandom(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low));
  const dir = mkdtempSync(join(tmpdir(), 'tillsync-sim-'));
  const file = join(dir, 'tillsync.db');
  const world = new World();
  const store = openStore(file);
  const checker = new Database(file, { readonly: true });
  const honoursKeys = random() < 0.5;
  const tuning = syncTuningSchema.parse({
    concurrency: between(1, 5),
    uncertainSales: random() < 0.2 ? 'park' : 'retry',
    leaseTtlMs: pick([2000, 10_000, 30_000]),
    requestTimeoutMs: pick([1000, 5000, 15_000]),
    backoffCapMs: pick([10_000, 60_000, 300_000]),
  });
  const platform = createSimPlatform(world, random, {
    honoursKeys,
    rateLimit:
      random() < 0.3
        ? {
            capacity: between(2, 10),
            refillPerSecond: between(1, 5),
            draft: pick(['old', 'current'] as const),
          }
        : null,
    requestTimeoutMs: tuning.requestTimeoutMs,
  });
  const config: AgentConfig = { baseUrl: 'https://platform.sim', apiKey: 'sim-key', sync: tuning };
  const violations = platform.violations;
  const running = new Map<number, Running>();
  const totalSales = between(3, 13);
  const faultsUntil = between(30_000, 300_000);
  let recorded = 0;
  let busyHolder: Database.Database | undefined;
  let engineCrashes = 0;
  let finished = false;
  world.log(
    `seed ${seed}: ${totalSales} sales, platform ${honoursKeys ? 'honours' : 'ignores'} keys, concurrency ${tuning.concurrency}, lease ${tuning.leaseTtlMs} ms, uncertain sales: ${tuning.uncertainSales}, faults until ${faultsUntil / 1000}s`,
  );

  const keyOwner = checker.prepare(
    'select s.receipt_number as receipt, o.uncertain, o.state from outbox o join sales s on s.id = o.sale_id where o.idempotency_key = ?',
  );
  platform.watchExtraCopies((key) => {
    const row = keyOwner.get(key) as { receipt: number; uncertain: number } | undefined;
    if (!row || row.uncertain !== 1) {
      violations.push(
        `sale #${row?.receipt ?? '?'} was stored twice without being flagged uncertain`,
      );
    }
  });

  function startProcess(): void {
    if (finished) return; // the run is over: nothing new starts
    const process = world.addProcess(random() < 0.2 ? between(-3_600_000, 3_600_000) : 0);
    const database = openDatabase(file, { synchronous: 'NORMAL', busyTimeoutMs: 0 });
    const engine = createSyncEngine({
      file,
      config,
      database,
      clock: process.clock,
      timers: process.timers,
      random,
      owner: `sim#${process.pid}`,
      liveness: (owner) => {
        const pid = Number(owner.split('#')[1]);
        return world.processes.get(pid)?.alive ? 'alive' : 'dead';
      },
      clientFor: () => platform.client(process),
      logger: {
        info: (details, message) =>
          world.log(`process ${process.pid}: ${message} ${JSON.stringify(details)}`),
        warn: (details, message) =>
          world.log(`process ${process.pid}: ${message} ${JSON.stringify(details)}`),
        error: (details, message) =>
          world.log(`process ${process.pid}: ERROR ${message} ${JSON.stringify(details)}`),
      },
    });
    running.set(process.pid, { process, engine, database });
    world.log(`process ${process.pid} starts (clock ${process.wallOffset / 1000}s off)`);
    engine.start();
  }

  function crash(pid: number, where: string): void {
    const target = running.get(pid);
    if (!target) return;
    target.process.alive = false;
    running.delete(pid);
    platform.forget(pid);
    target.database.close(); // the process is gone, and its connection with it
    engineCrashes += 1;
    world.log(`process ${pid} is killed ${where}`);
    world.schedule(world.time + between(0, 10_000), null, () => {
      if (world.live().length < 2) startProcess();
    });
  }

  function recordSale(): void {
    if (recorded >= totalSales) return;
    if (busyHolder) {
      world.schedule(world.time + 500, null, recordSale);
      return;
    }
    const result = store.recordSale(
      {
        items: [{ productId: `prod_${recorded % 3}`, quantity: 1 + (recorded % 4), price: 2.5 }],
        paymentMethod: recorded % 2 ? 'CASH' : 'MOBILE_MONEY',
      },
      // Distinct times keep the queue's order the same on every run of this seed.
      { now: EPOCH + world.time + recorded },
    );
    if (!result.ok) throw new Error(result.error.message);
    recorded += 1;
    world.log(`sale #${result.value.receiptNumber} recorded`);
    for (const { engine } of running.values()) engine.notifySaleRecorded();
  }

  // The plan of faults, all before `faultsUntil`.
  startProcess();
  if (random() < 0.5) startProcess();
  for (let i = 0; i < totalSales; i++) world.schedule(between(0, faultsUntil), null, recordSale);
  const faultCount = between(2, 12);
  for (let i = 0; i < faultCount; i++) {
    const at = between(0, faultsUntil);
    const kind = pick(['crash', 'stall', 'clock', 'busy', 'full', 'outage', 'stop']);
    world.schedule(at, null, () => {
      if (finished) return;
      const live = world.live().filter((p) => running.has(p.pid));
      const target = live.length > 0 ? pick(live) : undefined;
      if (kind === 'outage') {
        const ms = between(1000, 60_000);
        platform.outage(ms);
        world.log(`platform unreachable for ${ms / 1000}s`);
      } else if (kind === 'busy' && !busyHolder) {
        busyHolder = new Database(file);
        busyHolder.exec('begin immediate');
        const ms = between(100, 8000);
        world.log(`another process holds the write lock for ${ms / 1000}s`);
        world.schedule(world.time + ms, null, () => {
          busyHolder?.exec('commit');
          busyHolder?.close();
          busyHolder = undefined;
        });
      } else if (!target) {
        return;
      } else if (kind === 'crash') {
        crash(target.pid, 'by a scheduled SIGKILL');
      } else if (kind === 'stall') {
        const ms = between(tuning.leaseTtlMs / 2, tuning.leaseTtlMs * 3);
        target.stalledUntil = world.time + ms;
        world.log(`process ${target.pid} is stopped (SIGSTOP) for ${ms / 1000}s`);
      } else if (kind === 'clock') {
        const step = pick([-1, 1]) * between(5000, 7_200_000);
        target.wallOffset += step;
        world.log(`process ${target.pid}'s wall clock steps by ${step / 1000}s`);
      } else if (kind === 'full') {
        const connection = running.get(target.pid)!.database.sqlite;
        const pages = connection.pragma('page_count', { simple: true }) as number;
        connection.pragma(`max_page_count = ${pages}`);
        const ms = between(500, 10_000);
        world.log(`process ${target.pid}'s disk is full for ${ms / 1000}s`);
        world.schedule(world.time + ms, null, () => {
          if (connection.open) connection.pragma('max_page_count = 1073741823');
        });
      } else if (kind === 'stop') {
        const running_ = running.get(target.pid)!;
        if (running_.stopping) return;
        running_.stopping = true;
        world.log(`process ${target.pid} is sent SIGTERM`);
        // Delivered as the process runs: a stopped process handles it once continued.
        world.schedule(world.time, target.pid, () => {
          if (finished) return; // the final stop below handles it
          running_.stopped = running_.engine.stop().then(() => {
            if (!target.alive) return;
            target.alive = false;
            running.delete(target.pid);
            platform.forget(target.pid);
            world.log(`process ${target.pid} exited`);
            world.schedule(world.time + between(0, 5000), null, startProcess);
          });
        });
      }
    });
  }
  world.schedule(faultsUntil, null, () => {
    platform.heal();
    world.log('faults stop');
    if (running.size === 0) startProcess();
  });

  const unsettled = checker.prepare(
    `select count(*) as n from outbox where state not in ('synced', 'conflict')`,
  );
  let events = 0;
  let settled = false;
  try {
    for (;;) {
      const { ran, pid } = await world.step();
      events += 1;
      if (!ran || events > MAX_EVENTS) break;
      // A crash at this await point: the process stops where it stands.
      if (pid !== null && world.time < faultsUntil && running.has(pid) && random() < 0.004) {
        crash(pid, 'mid-flight');
      }
      if (world.time >= faultsUntil && recorded === totalSales && events % 20 === 0) {
        if ((unsettled.get() as { n: number }).n === 0 && platform.inFlightCount === 0) {
          settled = true;
          break;
        }
      }
      if (world.time > faultsUntil + SETTLE_WITHIN_MS) break;
    }
    if (!settled) {
      const left = (unsettled.get() as { n: number }).n;
      violations.push(
        `not settled ${SETTLE_WITHIN_MS / 60_000} min after faults stopped: ${left} sale(s) neither synced nor parked (${events} events)`,
      );
    }
    finalChecks();
  } finally {
    finished = true;
    // A clean stop of what still runs (its grace timers are virtual too): every engine
    // must be done within its grace time, whatever it was doing.
    let stopping = 0;
    for (const { engine, process, stopped } of running.values()) {
      process.stalledUntil = 0;
      if (!process.alive) continue;
      stopping += 1;
      void (stopped ?? engine.stop()).finally(() => (stopping -= 1));
    }
    const stopBy = world.time + tuning.shutdownGraceMs + 10_000;
    while (stopping > 0 && world.time <= stopBy && (await world.step()).ran);
    if (stopping > 0) violations.push(`${stopping} engine(s) did not stop within the grace time`);
    busyHolder?.close();
    checker.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }

  function finalChecks(): void {
    const rows = checker
      .prepare(
        'select s.receipt_number as receipt, o.state, o.uncertain, o.idempotency_key as key from outbox o join sales s on s.id = o.sale_id',
      )
      .all() as Array<{ receipt: number; state: string; uncertain: number; key: string }>;
    if (rows.length !== recorded)
      violations.push(`${recorded} sales recorded, ${rows.length} on file`);
    for (const row of rows) {
      const count = platform.copies.get(row.key) ?? 0;
      if (row.state === 'synced' && count === 0) {
        violations.push(`sale #${row.receipt} says synced but the platform has no copy`);
      }
      if (honoursKeys && count > 1)
        violations.push(`sale #${row.receipt} stored ${count} times by a key-honouring platform`);
      if (count > 1 && row.uncertain !== 1)
        violations.push(`sale #${row.receipt} has ${count} copies and no flag`);
      if (row.state === 'conflict' && count > 0 && row.uncertain !== 1) {
        violations.push(`sale #${row.receipt} is parked though on the platform, and not flagged`);
      }
    }
  }

  let extraCopies = 0;
  for (const count of platform.copies.values()) extraCopies += Math.max(0, count - 1);
  world.log(`end: ${engineCrashes} crashes, ${extraCopies} extra copies, ${events} events`);
  return {
    seed,
    violations: [...new Set(violations)],
    trace: world.trace,
    sales: recorded,
    virtualSeconds: Math.round(world.time / 1000),
    honoursKeys,
    extraCopies,
  };
}
