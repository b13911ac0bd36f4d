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
import type Database from 'better-sqlite3';
import type { AnswerRecord, HeardAnswer } from './answer-record.js';
import { fixProduct, replaceKey, type WorldContext } from './world-events.js';
import { EPOCH } from './world.js';
import { isKeyCheck } from './request-kinds.js';

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
}

const SCENES = [
  'customer',
  'retry',
  'resync',
  'revoked',
  'key',
  'outage',
  'idle',
  'fixed',
] as const;
type Scene = (typeof SCENES)[number];

/** Runs the scenes on a settled seed whose running processes read one wall clock. */
export async function calmHour(context: WorldContext, deps: CalmHourDeps): Promise<void> {
  const { world, till, platform, tuning, random, store } = context;
  const offsets = new Set(world.live().map((process) => process.wallOffset));
  if (till.running.size === 0 || offsets.size !== 1) return;
  const offset = [...offsets][0]!;
  const { answers, checker } = deps;
  const recordSale = (refused: boolean) => deps.recordSale(refused, EPOCH + world.time + offset);
  const resync = () => void till.resync(() => context.resynced());
  /** A person fixes the product of a refused sale, and saves it. */
  function fixSale(sale: number): void {
    const refused = store
      .listConflicts()
      .find((conflict) => store.getSale(conflict.saleId)?.customerId === `cus_${sale}`);
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
       last_error_at as lastErrorAt
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

  const scenes: Record<Scene, () => Promise<void>> = {
    /** A customer at a calm till: sent at once, synced, and the sync state says so. */
    async customer() {
      const { sale } = await sell('customer');
      successWritten('customer', await synced('customer', sale));
    },
    /** A lost answer or a busy platform: tried again once the wait it asked for is over. */
    async retry() {
      const sale = recordSale(false);
      const status = [500, 502, 503, 429][between(0, 4)]!;
      const waitS = status === 429 || status === 503 ? between(1, 4) : 0;
      platform.answerOnce(sale, status, waitS > 0 ? { 'retry-after': String(waitS) } : {});
      const heard = await answered('retry', sale, world.time);
      if (!heard) return;
      expectLink('retry', { lastErrorCode: `http_${status}`, lastErrorAt: heard.heardWall });
      expectLink('retry', { connection: 'online' });
      const wait = Math.max(waitS * 1000, tuning.backoffBaseMs) + prompt;
      successWritten('retry', await synced('retry', sale, wait));
    },
    /**
     * The platform asks for minutes; a person presses Resync: sent at once. Or pressed in
     * another process than the one told to wait, which then closes (the app's window, say):
     * the one told follows the request at its next tick.
     */
    async resync() {
      const sale = recordSale(false);
      platform.answerOnce(sale, 503, { 'retry-after': String(between(60, 300)) });
      const heard = await answered('resync', sale, world.time);
      if (!heard) return;
      await pause(between(500, 5000));
      const pressed = world.time;
      const other = [...till.running.keys()].find((pid) => pid !== heard.pid);
      if (other !== undefined) {
        till.resync(() => context.resynced(), other);
        till.terminate(other, () => till.start(offset));
        await within(
          tuning.pollIntervalMs + prompt,
          `resync: sale #${sale} waited on after a Resync pressed in process ${other}, which then closed`,
          () => sentSince(sale, pressed).length > 0,
        );
      } else {
        resync();
        await within(
          prompt,
          `resync: sale #${sale} waited on after Resync`,
          () => sentSince(sale, pressed).length > 0,
        );
      }
      successWritten('resync', await synced('resync', sale));
    },
    /** The key is refused: the queue pauses for it, and goes on at once with a new one. */
    async revoked() {
      const key = till.config.apiKey!;
      platform.revoke(key, random() < 0.5 ? 401 : 403);
      const { sale, from } = await sell('revoked');
      const heard = await answered('revoked', sale, from);
      if (!heard || heard.answer.kind !== 'response') return;
      await within(
        prompt,
        'revoked: the queue was not paused for the refused key',
        () => link().pausedReason !== null,
      );
      expectLink('revoked', {
        connection: 'authorization',
        lastErrorCode: `http_${heard.answer.status}`,
      });
      await pause(between(500, 5000));
      const saved = world.time;
      replaceKey(context, key);
      await within(prompt, `revoked: sale #${sale} waited on after a new key`, () =>
        sentSince(sale, saved).some((request) => request.apiKey !== key),
      );
      successWritten('revoked', await synced('revoked', sale));
    },
    /**
     * Nothing waiting: a key checked in Settings is refused, and the queue pauses at once.
     * Then a new key is saved, or the platform takes the old one again and a person checks
     * it: either check's acceptance ends the pause. Or a new key is saved before the old
     * one's answer comes: that answer must not pause the new key.
     */
    async key() {
      const key = till.config.apiKey!;
      const from = world.time;
      const checksAnswered = () =>
        answers.all().filter((heard) => isKeyCheck(heard.key) && heard.at >= from).length;
      platform.revoke(key, random() < 0.5 ? 401 : 403);
      const check = () => till.checkKey((problem) => fail(`key: ${problem}`));
      check();
      const then = (['saved at once', 'saved', 'restored'] as const)[between(0, 3)]!;
      if (then !== 'saved at once') {
        const paused = await within(
          prompt,
          'key: the queue was not paused for a key its check found refused',
          () => link().pausedReason !== null,
        );
        if (!paused) return;
        expectLink('key', { connection: 'authorization' });
        await pause(between(500, 5000));
      }
      const before = then === 'saved at once' ? 0 : checksAnswered();
      if (then === 'restored') {
        platform.restore(key);
        check();
      } else replaceKey(context, key);
      const answered = await within(
        prompt,
        `key: the check of the key ${then} was not answered`,
        () => checksAnswered() >= (then === 'saved at once' ? 2 : before + 1),
      );
      if (answered) expectLink('key', { pausedReason: null, connection: 'online' });
    },
    /** The platform is out of reach for a while: offline, then back within a probe. */
    async outage() {
      const lasts = between(2000, 15_000);
      const ends = world.time + lasts;
      platform.outage(lasts, 'refuse');
      const { sale, from } = await sell('outage');
      if (!(await answered('outage', sale, from))) return;
      expectLink('outage', { connection: 'offline' });
      // Back, the platform first answers with an error: an answer all the same.
      platform.answerOnce(sale, 500);
      const byPerson = random() < 0.5;
      await pause(Math.max(0, ends - world.time) + (byPerson ? between(0, 3000) : 0));
      if (byPerson) resync();
      const failed = heardSince(sale, from);
      const backoffEnds = failed.at(-1)!.at + backoffAfter(failed.length);
      const ready = byPerson
        ? world.time
        : Math.max(world.time + tuning.probeIntervalMs, backoffEnds);
      const back = world.time;
      const error = await within(
        ready - back + prompt,
        'outage: the platform was not asked again',
        () =>
          heardSince(sale, from).some(
            (heard) => heard.at >= ends && heard.answer.kind === 'response',
          ),
      );
      if (error) expectLink('outage', { connection: 'online' });
      const retried = backoffAfter(heardSince(sale, from).length) + prompt;
      successWritten('outage', await synced('outage', sale, retried));
    },
    /** Nothing to send: the till still asks the platform now and then, and says when. */
    async idle() {
      const start = world.time;
      const every = tuning.idleCheckMs + tuning.pollIntervalMs + prompt;
      await pause(every);
      const recent = answers.heardFrom().filter((heard) => heard.at > world.time - every);
      if (recent.length === 0 && world.time - start >= every)
        fail(`idle: no process asked the platform in the last ${every} ms`);
      const latest = recent.at(-1)?.heardWall;
      const kept = link().lastContactAt;
      if (latest !== undefined && (kept === null || kept < latest - 1000))
        fail(`idle: the sync state keeps the last contact ${kept}, not ${latest}`);
    },
    /** A refused sale waits for a person; fixed, it is sent at once. */
    async fixed() {
      const { sale, from } = await sell('fixed', true);
      await within(
        prompt,
        `fixed: sale #${sale} was not parked after its refusal`,
        () => saleState(sale) === 'conflict',
      );
      if (heardSince(sale, from).length === 0) return;
      await pause(between(500, 5000));
      const saved = world.time;
      fixSale(sale);
      await within(
        prompt,
        `fixed: sale #${sale} waited on after a person fixed it`,
        () => sentSince(sale, saved).length > 0,
      );
      successWritten('fixed', await synced('fixed', sale));
    },
  };

  const order = [...SCENES];
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
    if (failed) return;
    await pause(between(1000, 5000));
    world.log(`after the faults: ${scene}`);
    await scenes[scene]();
  }
}
