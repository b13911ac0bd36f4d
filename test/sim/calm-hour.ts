// The hour after the faults: once a seed has settled, customers and a person at a calm till,
// each step with a deadline a working till meets. A till can deliver every sale exactly
// once and still be wrong: a wake-up lost (a sale waits for the next poll), a Resync that
// lifts nothing, a pause that outlives the key it was for, a till that stays offline after
// the platform is back, an idle till that stops asking, a sync state that says "online" of
// a platform that refused the key. Each of these meets a deadline here, or the seed fails.
//
// The deadlines: a sale recorded, a Resync pressed or a key saved is acted on within the
// debounce and a second (`prompt`); a wait the platform asked for, the backoff after an
// answer, or the end of an outage, within the same once that wait or a probe is over.
// The scenes are in calm-scenes.ts; here, the waits and checks they share, and their order.
import type Database from 'better-sqlite3';
import type { AnswerRecord, HeardAnswer } from './answer-record.js';
import { calmScenes, SCENES, type Scene } from './calm-scenes.js';
import { STATUS_SCENES, statusScenes } from './status-scenes.js';
import { fixProduct, type WorldContext } from './world-events.js';
import { EPOCH } from './world.js';

export interface CalmHourDeps {
  answers: AnswerRecord;
  checker: Database.Database;
  /** Runs the world's next event with the checks of every step. */
  step(): Promise<void>;
  /** Records a new sale at this wall time (its product refused, if asked); its number. */
  recordSale(refused: boolean, wall: number): number;
}

interface LinkRow {
  connection: string;
  pausedReason: string | null;
  lastSuccessAt: number | null;
  lastContactAt: number | null;
  lastErrorCode: string | null;
  lastErrorAt: number | null;
  throttledUntil: number | null;
}

/** Runs the scenes on a settled seed whose running processes read one wall clock. */
export async function calmHour(context: WorldContext, deps: CalmHourDeps): Promise<void> {
  const { world, till, platform, random } = context;
  const offsets = new Set(world.live().map((process) => process.wallOffset));
  if (till.running.size === 0 || offsets.size !== 1) return;
  const offset = [...offsets][0]!;
  const kit = sceneKit(context, deps, offset);
  const { between, pause } = kit;
  const scenes = { ...calmScenes(kit), ...statusScenes(kit) };
  const order = [...SCENES, ...STATUS_SCENES];
  for (let i = order.length - 1; i > 0; i--) {
    const j = between(0, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  // The quota's pace is checked while the world fails; here every wait is an answer's.
  // A pass still spacing its last requests by the old quota is over before the first scene.
  platform.liftRateLimit();
  // Often the app and the daemon both run: the scenes then test what one tells the other.
  if (till.running.size === 1 && random() < 0.5) till.start(offset);
  await pause(15_000);
  for (const scene of order) {
    if (kit.failed) return;
    await pause(between(1000, 5000));
    world.log(`after the faults: ${scene}`);
    await scenes[scene]();
  }
}

/** What the scenes use: the world, a person's actions, and waits with deadlines. */
function sceneKit(context: WorldContext, deps: CalmHourDeps, offset: number) {
  const { world, till, platform, tuning, random, store } = context;
  const { answers, checker } = deps;
  const recordSale = (refused: boolean) => deps.recordSale(refused, EPOCH + world.time + offset);
  const resync = () => void till.resync((pid) => context.resynced(pid));
  /** A person fixes the product of a refused sale, and saves it. */
  function fixSale(sale: number): void {
    const refused = store
      .listRefused()
      .find((refusedSale) => store.getSale(refusedSale.saleId)?.customerId === `cus_${sale}`);
    if (refused) fixProduct(context, refused.saleId);
    till.notifySaleRecorded();
  }
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low));
  const prompt = tuning.debounceMs + 1000;
  const stateOf = checker
    .prepare(
      `select o.state from outbox o join sales s on s.id = o.sale_id where s.customer_id = ?`,
    )
    .pluck();
  const linkRow = checker.prepare(
    `select connection, paused_reason as pausedReason, last_success_at as lastSuccessAt,
       last_contact_at as lastContactAt, last_error_code as lastErrorCode,
       last_error_at as lastErrorAt, throttled_until as throttledUntil
     from sync_state where id = 1`,
  );
  const link = () => linkRow.get() as LinkRow;
  const saleState = (sale: number) => stateOf.get(`cus_${sale}`) as string | undefined;
  const sentSince = (sale: number, from: number) =>
    platform.requestsOf(sale).filter((request) => request.at >= from);
  /** The answers heard to the sale's requests sent since `from`. */
  const heardSince = (sale: number, from: number): HeardAnswer[] =>
    sentSince(sale, from).flatMap((request) =>
      answers.of(request.key).filter((heard) => heard.sentAt === request.at),
    );

  /** The longest backoff after a sale's nth failure (each doubles it, up to the cap). */
  const backoffAfter = (failures: number) =>
    Math.min(tuning.backoffCapMs, tuning.backoffBaseMs * 2 ** (failures - 1));

  let failed = false;
  const fail = (problem: string) => {
    failed = true;
    context.watch.violations.push(`after the faults, ${problem}`);
  };

  /** Steps until `done`, or fails once the next event would come after `ms` from now. */
  async function within(ms: number, what: string, done: () => boolean): Promise<boolean> {
    const deadline = world.time + ms;
    while (!done()) {
      const next = world.nextEventAt;
      if (next === undefined || next > deadline) {
        fail(`${what}, not within ${ms} ms (at ${world.time} ms)`);
        return false;
      }
      await deps.step();
    }
    return true;
  }
  /** Lets the world run for `ms`. */
  async function pause(ms: number): Promise<void> {
    const until = world.time + ms;
    while (world.nextEventAt !== undefined && world.nextEventAt <= until) await deps.step();
    world.time = Math.max(world.time, until);
  }
  function expectLink(scene: Scene, expected: Partial<LinkRow>): void {
    const row = link();
    for (const [field, value] of Object.entries(expected) as Array<[keyof LinkRow, unknown]>) {
      if (row[field] !== value)
        fail(`${scene}: the sync state keeps ${field} ${String(row[field])}, not ${String(value)}`);
    }
  }
  /** Records a sale and waits for its first request; the time it was recorded. */
  async function sell(scene: Scene, refused = false): Promise<{ sale: number; from: number }> {
    const from = world.time;
    const sale = recordSale(refused);
    await within(
      prompt,
      `${scene}: sale #${sale} was not sent`,
      () => sentSince(sale, from).length > 0,
    );
    return { sale, from };
  }
  /** Waits for the sale to be synced; the answer that synced it. */
  async function synced(scene: Scene, sale: number, ms = prompt): Promise<HeardAnswer | null> {
    const ok = await within(
      ms,
      `${scene}: sale #${sale} was not synced`,
      () => saleState(sale) === 'synced',
    );
    return ok ? (heardSince(sale, 0).at(-1) ?? null) : null;
  }
  /** The last answer heard for the sale, once one is. */
  async function answered(scene: Scene, sale: number, from: number): Promise<HeardAnswer | null> {
    let heard: HeardAnswer | undefined;
    await within(prompt, `${scene}: no answer reached the till for sale #${sale}`, () => {
      heard = heardSince(sale, from).at(-1);
      return heard !== undefined;
    });
    return heard ?? null;
  }
  function successWritten(scene: Scene, heard: HeardAnswer | null): void {
    if (!heard) return;
    expectLink(scene, { connection: 'online', pausedReason: null, lastSuccessAt: heard.heardWall });
  }
  return {
    ...context,
    context,
    offset,
    answers,
    prompt,
    recordSale,
    resync,
    fixSale,
    between,
    link,
    saleState,
    sentSince,
    heardSince,
    backoffAfter,
    fail,
    within,
    pause,
    expectLink,
    sell,
    synced,
    answered,
    successWritten,
    get failed() {
      return failed;
    },
  };
}

export type SceneKit = ReturnType<typeof sceneKit>;
