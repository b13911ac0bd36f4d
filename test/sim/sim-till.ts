// The till's side of a simulated world: processes running the real sync engine on one
// SQLite file, started, killed, stopped and reconfigured as the world decides. Each process
// has its own clock and timers (world.ts); the platform is reached through the simulated
// client, with the key of the configuration the engine holds.
import type { TillDatabase } from '../../db/open.js';
import { openDatabase } from '../../db/open.js';
import type { AgentConfig } from '../../main/config/agent-config.js';
import { createSyncEngine, type SyncEngine } from '../../main/sync/engine.js';
import type { SyncStatus } from '../../main/sync/status.js';
import type { OwnerLiveness } from '../../db/lease.js';
import type { AnswerRecord } from './answer-record.js';
import { keyCheckProblem } from './key-check-oracle.js';
import type { NewsChecks } from './news-checks.js';
import { isKeyCheck } from './request-kinds.js';
import type { SimPlatform } from './sim-platform.js';
import { SIM_KEY } from './sim-platform.js';
import type { SimProcess, World } from './world.js';

/** How a sender tells whether another still runs: exactly, never (another host), or either. */
export type LivenessMode = 'exact' | 'unknown' | 'mixed';

export interface Running {
  process: SimProcess;
  engine: SyncEngine;
  database: TillDatabase;
  stopping?: boolean;
  /** The stop a SIGTERM started, once the process handled it. */
  stopped?: Promise<unknown>;
}

/** A step of one or every wall clock, and the processes stopped when it came. */
export interface ClockStep {
  at: number;
  ms: number;
  pids: number[];
  stalled: number[];
}

export interface SimTillOptions {
  file: string;
  config: AgentConfig;
  platform: SimPlatform;
  random: () => number;
  /** The engine's jitter: the world's random source, or one fixed value to check backoff by. */
  jitter: (() => number) | null;
  liveness: LivenessMode;
  /** A process died or exited: what the platform watch must forget of it. */
  onGone(pid: number): void;
  /** A process stopped as asked: what its stop left. */
  onExited?(pid: number, owner: string, final: SyncStatus | undefined): void;
  /** A SIGTERM handled at `handledAt` was done now; `stalled`: the process was stopped meanwhile. */
  onStopTook?(pid: number, handledAt: number, stalled: boolean): void;
  /** A process is about to make its engine, with this key (the file as it finds it). */
  onStarting?(pid: number, apiKey: string): void;
  /** A process's engine was made (before it starts). */
  onStarted?(pid: number, engine: SyncEngine): void;
  /** Listens to each engine as its screens would. */
  news?: NewsChecks;
  /** What the processes heard: a key check's verdict is judged against its answer. */
  answers?: AnswerRecord;
}

export function createSimTill(world: World, options: SimTillOptions) {
  const { file, platform, random } = options;
  const running = new Map<number, Running>();
  let config = options.config;
  let finished = false;
  // A sender that cannot tell whether another runs judges its lease by the wall clock:
  // that works only on one clock, so such tills run their processes on one machine's clock.
  const oneClock = options.liveness !== 'exact';
  let machineOffset = 0;
  /** Whether any process ever read another wall clock than the world's. */
  let clocksMoved = false;
  /** When a wall clock last stepped, and the steps: when, by how much, whose clocks. */
  let steppedAt = 0;
  const steps: ClockStep[] = [];

  function liveness(owner: string): OwnerLiveness {
    const pid = Number(owner.split('#')[1]);
    const exact = world.processes.get(pid)?.alive ? 'alive' : 'dead';
    if (options.liveness === 'exact') return exact;
    if (options.liveness === 'unknown') return 'unknown';
    return random() < 0.5 ? exact : 'unknown';
  }

  function start(wallOffset: number): void {
    if (finished) return; // the run is over: nothing new starts
    const process = world.addProcess(oneClock ? machineOffset : wallOffset);
    if (process.wallOffset !== 0) clocksMoved = true;
    const database = openDatabase(file, { synchronous: 'NORMAL', busyTimeoutMs: 0 });
    const say = (details: unknown, message: string) =>
      world.log(`process ${process.pid}: ${message} ${JSON.stringify(details)}`);
    options.onStarting?.(process.pid, config.apiKey ?? SIM_KEY);
    const engine = createSyncEngine({
      file,
      config,
      database,
      clock: process.clock,
      timers: process.timers,
      random: options.jitter ?? random,
      owner: `sim#${process.pid}`,
      liveness,
      clientFor: (next) => platform.client(process, next.apiKey ?? SIM_KEY),
      logger: {
        info: say,
        warn: say,
        error: (details, message) => say(details, `ERROR ${message}`),
      },
    });
    options.news?.listen(process.pid, engine);
    options.onStarted?.(process.pid, engine);
    running.set(process.pid, { process, engine, database });
    world.log(`process ${process.pid} starts (clock ${process.wallOffset / 1000}s off)`);
    engine.start();
  }

  function gone(pid: number): void {
    running.delete(pid);
    platform.forget(pid);
    options.onGone(pid);
  }

  return {
    running,
    get config() {
      return config;
    },
    get clocksMoved() {
      return clocksMoved;
    },
    /** Every step of a wall clock, in order. */
    steps: steps as readonly ClockStep[],
    /** When any wall clock last stepped (0: never). */
    get lastStepAt() {
      return steppedAt;
    },
    /** The machine clock every process reads, and when it last stepped; null: one each. */
    get machineClock() {
      return oneClock ? { offset: machineOffset, steppedAt } : null;
    },
    start,
    /** SIGKILL: the process stops where it stands, its connection with it. */
    crash(pid: number, where: string): boolean {
      const target = running.get(pid);
      if (!target) return false;
      target.process.alive = false;
      target.database.close();
      options.news?.killed(pid);
      gone(pid);
      world.log(`process ${pid} is killed ${where}`);
      return true;
    },
    /** SIGTERM, delivered as the process runs (a stopped process handles it once continued). */
    terminate(pid: number, then: () => void): void {
      const target = running.get(pid);
      if (!target || target.stopping) return;
      target.stopping = true;
      world.log(`process ${pid} is sent SIGTERM`);
      world.schedule(world.time, pid, () => {
        if (finished) return; // the final stop handles it
        const handledAt = world.time;
        target.stopped = target.engine.stop().then((final) => {
          if (!target.process.alive) return;
          options.onStopTook?.(pid, handledAt, target.process.stalledUntil > handledAt);
          options.onExited?.(pid, target.engine.owner, final);
          target.process.alive = false;
          gone(pid);
          world.log(`process ${pid} exited`);
          then();
        });
      });
    },
    /** New settings or key for the till: every running engine takes them, as on a reload. */
    reconfigure(next: AgentConfig, what: string): void {
      config = next;
      world.log(`the till's settings change: ${what}`);
      for (const { engine, process } of running.values())
        world.schedule(world.time, process.pid, () => engine.updateConfig(next));
    },
    /** The wall clock of a process steps (of every process, when they share one clock). */
    stepClock(target: SimProcess, step: number, when: string): void {
      const targets = oneClock ? world.live() : [target];
      if (oneClock) machineOffset += step;
      clocksMoved = true;
      steppedAt = world.time;
      for (const process of targets) process.wallOffset += step;
      steps.push({
        at: world.time,
        ms: step,
        pids: targets.map((process) => process.pid),
        // Stopped processes see their own steps when they resume, and may write them last.
        stalled: world
          .live()
          .filter((process) => process.stalledUntil > world.time)
          .map((process) => process.pid),
      });
      world.log(
        `${oneClock ? "the machine's" : `process ${target.pid}'s`} wall clock steps by ${step / 1000}s${when}`,
      );
    },
    /**
     * A person saves a key (or an address): the first running process asks the platform at
     * once whether it takes it; what it judged is checked against what the platform said.
     */
    /** A person checks the key on process `pid` (the first running one if none). */
    checkKey(onProblem: (problem: string) => void, pid?: number): void {
      const first = [...running.values()].find(
        (r) => r.process.alive && !r.stopping && (pid ?? r.process.pid) === r.process.pid,
      );
      if (!first) return;
      world.schedule(world.time, first.process.pid, () => {
        const asked = world.time;
        void first.engine.checkKey().then((checked) => {
          // Only a stopping process (its check cut short) has nothing to tell.
          if (!checked) {
            if (!first.stopping && first.process.alive && !finished)
              onProblem(`process ${first.process.pid} was asked to check the key, and did not`);
            return;
          }
          world.log(`process ${first.process.pid} checks the key: ${checked.judged.verdict}`);
          // Two checks may leave in one millisecond: one of the answers then must fit. A
          // check under way when asked may be joined; one answered before is old news.
          const heard = (options.answers?.all() ?? []).filter(
            (answer) =>
              answer.pid === first.process.pid &&
              isKeyCheck(answer.key) &&
              answer.sentWall === checked.startedAt &&
              answer.at >= asked,
          );
          const problems = heard.map((answer) => keyCheckProblem(checked, answer));
          const problem =
            options.answers &&
            (heard.length === 0
              ? keyCheckProblem(checked, undefined)
              : problems.includes(undefined)
                ? undefined
                : problems[0]);
          if (problem) onProblem(problem);
        });
      });
    },
    /**
     * A person presses Resync now on the first running process (or on `pid`), which does it when it runs
     * (at once, or when it is continued); `onDone` is told then.
     */
    resync(onDone: (pid: number) => void, pid?: number): boolean {
      const first = [...running.values()].find(
        (r) => r.process.alive && !r.stopping && (pid === undefined || r.process.pid === pid),
      );
      if (!first) return false;
      world.schedule(world.time, first.process.pid, () => {
        onDone(first.process.pid);
        void first.engine.resync();
      });
      return true;
    },
    notifySaleRecorded(): void {
      for (const { engine } of running.values()) engine.notifySaleRecorded();
    },
    /**
     * The run is over: every engine still running is stopped, and must be done within its
     * grace time (virtual too), whatever it was doing. Returns how many were not.
     */
    async stopAll(graceMs: number): Promise<number> {
      finished = true;
      let stopping = 0;
      for (const { engine, process, stopped } of running.values()) {
        process.stalledUntil = 0;
        if (!process.alive) continue;
        stopping += 1;
        const exit =
          stopped ??
          engine.stop().then((final) => {
            options.onExited?.(process.pid, engine.owner, final);
          });
        void exit.finally(() => (stopping -= 1));
      }
      const stopBy = world.time + graceMs + 10_000;
      while (stopping > 0 && world.time <= stopBy && (await world.step()).ran);
      return stopping;
    },
  };
}

export type SimTill = ReturnType<typeof createSimTill>;
