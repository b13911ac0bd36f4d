// The engine's own bookkeeping, after the other scenes, each checked against what a person
// or the machine sees:
// - Resync pressed while a pass waits in place to try a sale again: what the button reports
//   is a pass that started after the press (main/sync/single-flight.ts, `fresh`), never the
//   one under way, which began before the press and may have skipped what it made due.
// - An idle till, alone, with nothing committed by anyone and nothing heard for a few ticks:
//   it tells its screens nothing (main/sync/engine-news.ts: news at a tick only when another
//   connection committed), so a screen is not redrawn, nor monitoring told, every poll.
// - Then a burst of sales at that idle till, within its debounce: one pass sends them all,
//   and no pass runs that sends nothing (a debounce armed again by each sale would drain once
//   per sale, each drain after the first finding nothing).
// - Settings changed under the till: a long poll and a short probe. Out of reach, the till
//   probes at the probe's cadence at once (scheduler.tickSooner), not after the poll's tick
//   armed before, so it finds the platform back within a probe.
// Draws come from a stream of their own: the worlds of the scenes before stay as they were.
import type Database from 'better-sqlite3';
import type { SyncEngine } from '../../main/sync/engine.js';
import type { DrainSummary } from '../../domain/sync-status.js';
import type { AnswerRecord } from './answer-record.js';
import type { WorldContext } from './world-events.js';
import { EPOCH } from './world.js';
import { DELIVERY_OUTCOMES } from '../../domain/outcomes.js';

export interface EngineScenesDeps {
  answers: AnswerRecord;
  checker: Database.Database;
  step(): Promise<void>;
  /** Records a sale the platform takes, at this wall time; its number. */
  recordSale(wall: number): number;
  /** This scene's own random stream. */
  random: () => number;
}

/** Long enough for a debounce, a backoff in place and its answer. */
const WITHIN_MS = 30_000;

export async function engineScenes(context: WorldContext, deps: EngineScenesDeps): Promise<void> {
  const { world, till } = context;
  if (till.running.size === 0) return;
  if (new Set(world.live().map((process) => process.wallOffset)).size !== 1) return;
  await resyncDuringPass(context, deps);
  await quietTicks(context, deps);
  await shortProbes(context, deps);
}

/** Steps until `done`, or flags `what` once the next event would come after `ms` from now. */
async function within(
  context: WorldContext,
  deps: EngineScenesDeps,
  ms: number,
  what: string,
  done: () => boolean,
): Promise<boolean> {
  const { world } = context;
  const deadline = world.time + ms;
  while (!done()) {
    const next = world.nextEventAt;
    if (next === undefined || next > deadline) {
      context.watch.violations.push(
        `after the faults, ${what}, not within ${ms} ms (at ${world.time} ms)`,
      );
      return false;
    }
    await deps.step();
  }
  return true;
}

async function resyncDuringPass(context: WorldContext, deps: EngineScenesDeps): Promise<void> {
  const { world, till, platform } = context;
  // Every pass each running process ends, in order, as the object it reports.
  const passes = new Map<number, DrainSummary[]>();
  const engines = new Map<number, SyncEngine>();
  for (const [pid, { engine }] of till.running) {
    const ended: DrainSummary[] = [];
    passes.set(pid, ended);
    engines.set(pid, engine);
    engine.events.on('pass', (summary) => ended.push(summary));
  }
  const offset = world.live()[0]!.wallOffset;
  const sale = deps.recordSale(EPOCH + world.time + offset);
  // A failure whose backoff is short: the pass that sent it waits in place to try again.
  platform.answerOnce(sale, [500, 502, 504][Math.floor(deps.random() * 3)]!);
  world.log(`after the faults: Resync pressed while a pass waits to try sale #${sale} again`);
  const answered = () =>
    platform
      .requestsOf(sale)
      .some((request) => deps.answers.of(request.key).some((heard) => heard.sentAt === request.at));
  if (!(await within(context, deps, WITHIN_MS, `sale #${sale} was not answered`, answered))) return;
  const pid = platform.requestsOf(sale)[0]!.pid;
  const engine = engines.get(pid);
  if (!engine || !till.running.has(pid)) return;
  const state = deps.checker
    .prepare(
      `select o.state from outbox o join sales s on s.id = o.sale_id where s.customer_id = ?`,
    )
    .pluck();
  let underWay: number | null = null;
  let reported: DrainSummary | undefined;
  world.schedule(world.time, pid, () => {
    // Claimed and not yet settled: the pass that sent it is under way.
    if (state.get(`cus_${sale}`) === 'sending') underWay = passes.get(pid)!.length;
    context.resynced(pid);
    void engine.resync().then((summary) => (reported = summary));
  });
  const done = await within(
    context,
    deps,
    WITHIN_MS,
    `a Resync pressed in process ${pid} did not end`,
    () => reported !== undefined,
  );
  if (!done || underWay === null) return;
  const ended = passes.get(pid)!;
  if (ended[underWay] !== undefined && reported === ended[underWay])
    context.watch.violations.push(
      `after the faults, a Resync pressed in process ${pid} reported the pass under way when it was pressed, not one of its own (at ${world.time} ms)`,
    );
}

/** Ticks of an idle till watched for news told with nothing new. */
const QUIET_TICKS = 3;

async function quietTicks(context: WorldContext, deps: EngineScenesDeps): Promise<void> {
  const { world, till, platform, tuning } = context;
  if (till.running.size !== 1) return;
  const [pid, { engine }] = [...till.running][0]!;
  // Settled first: nothing on the wire, nothing left to send.
  const left = deps.checker
    .prepare(
      `select count(*) from outbox where state not in ('synced', 'refused', 'discarded', 'voided')`,
    )
    .pluck();
  const settled = () => platform.inFlightCount === 0 && left.get() === 0;
  if (!(await within(context, deps, WITHIN_MS, 'the till did not settle', settled))) return;
  // A tick first, which takes in the last sale recorded (another connection's commit).
  const afterTick = world.time + tuning.pollIntervalMs + 1000;
  while (world.nextEventAt !== undefined && world.nextEventAt <= afterTick) await deps.step();
  const from = world.time;
  const heardBefore = deps.answers.heardFrom().length;
  let told = 0;
  const count = () => void (told += 1);
  engine.events.on('status', count);
  const until = from + QUIET_TICKS * tuning.pollIntervalMs + tuning.debounceMs;
  while (world.nextEventAt !== undefined && world.nextEventAt <= until && till.running.has(pid))
    await deps.step();
  engine.events.off('status', count);
  // An idle check's answer, or a commit of anyone's, is news: the window says nothing then.
  const heard = deps.answers.heardFrom().length > heardBefore;
  if (told > 0 && !heard && settled() && till.running.has(pid))
    context.watch.violations.push(
      `after the faults, process ${pid}, alone and idle with nothing committed or heard from ${from} ms, told its screens ${told} times (at ${world.time} ms)`,
    );
  if (till.running.has(pid)) await burst(context, deps, pid, engine, settled);
}

async function burst(
  context: WorldContext,
  deps: EngineScenesDeps,
  pid: number,
  engine: SyncEngine,
  settled: () => boolean,
): Promise<void> {
  const { world, tuning } = context;
  const offset = world.live()[0]!.wallOffset;
  const count = 2 + Math.floor(deps.random() * 4);
  const gap = Math.floor(tuning.debounceMs / (count + 1));
  let idle = 0;
  const pass = (summary: DrainSummary) => {
    if (!DELIVERY_OUTCOMES.some((outcome) => summary[outcome] > 0)) idle += 1;
  };
  engine.events.on('pass', pass);
  world.log(`after the faults: a burst of ${count} sales, ${gap} ms apart`);
  for (let i = 0; i < count; i++)
    world.schedule(world.time + i * gap, null, () => deps.recordSale(EPOCH + world.time + offset));
  await pause(context, deps, count * gap + 1);
  const done = await within(context, deps, WITHIN_MS, 'a burst of sales was not sent', settled);
  await pause(context, deps, tuning.debounceMs + 1000);
  engine.events.off('pass', pass);
  if (done && idle > 0 && context.till.running.has(pid))
    context.watch.violations.push(
      `after the faults, a burst of ${count} sales within the debounce made process ${pid} run ${idle} passes that sent nothing (at ${world.time} ms)`,
    );
}

/** Lets the world run for `ms`. */
async function pause(context: WorldContext, deps: EngineScenesDeps, ms: number): Promise<void> {
  const { world } = context;
  const until = world.time + ms;
  while (world.nextEventAt !== undefined && world.nextEventAt <= until) await deps.step();
  world.time = Math.max(world.time, until);
}

async function shortProbes(context: WorldContext, deps: EngineScenesDeps): Promise<void> {
  const { world, till, platform, tuning } = context;
  if (till.running.size === 0) return;
  const between = (low: number, high: number) => low + Math.floor(deps.random() * (high - low));
  const poll = between(15_000, 30_000);
  const probe = between(500, 2500);
  const before = till.config;
  const sync = { ...before.sync, pollIntervalMs: poll, probeIntervalMs: probe };
  till.reconfigure({ ...before, sync }, `a poll every ${poll} ms, a probe every ${probe} ms`);
  // The tick armed at the old cadence comes, and the next is armed at the new one.
  await pause(context, deps, tuning.pollIntervalMs + 1000);
  const connection = deps.checker.prepare('select connection from sync_state where id = 1').pluck();
  const from = world.time;
  const lasts = between(2000, 10_000);
  platform.outage(lasts, 'refuse');
  world.log(`after the faults: out of reach for ${lasts} ms, with probes every ${probe} ms`);
  till.checkKey((problem) => context.watch.violations.push(`after the faults, ${problem}`));
  const offline = () => connection.get() === 'offline';
  const prompt = tuning.debounceMs + 1000;
  if (
    await within(context, deps, prompt, 'a key check out of reach left the till online', offline)
  ) {
    await pause(context, deps, Math.max(0, from + lasts - world.time));
    await within(
      context,
      deps,
      probe + prompt,
      `the till, probing every ${probe} ms (its poll ${poll} ms), did not find the platform back`,
      () => connection.get() === 'online',
    );
  }
  till.reconfigure(before, 'the poll and the probe as they were');
  await pause(context, deps, poll + 1000);
}
