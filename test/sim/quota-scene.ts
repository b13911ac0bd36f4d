// A rush under a quota, after the calm hour: the platform limits the key again (a token
// bucket, told in one of the drafts' forms, now and then with a malformed RateLimit field
// beside older fields that tell the truth) and a queue of sales comes at once. The platform
// watch judges every request against what the till was told (never earlier than a quota run
// dry allowed); here, the pace as a whole, per key:
// - not slower than told: every sale synced within a bound set by the quota's own rate (a
//   till that waits for more than it was told, or read a malformed field, misses it);
// - not faster than told: once the bucket first ran dry, few more 429s (each a request the
//   till sent with nothing left it knew of).
import type Database from 'better-sqlite3';
import type { AnswerRecord } from './answer-record.js';
import { createFileVersion, keptWhileUnchanged } from './file-version.js';
import type { RateLimitDraft } from './platform-quota.js';
import type { WorldContext } from './world-events.js';
import { EPOCH } from './world.js';

export interface QuotaSceneDeps {
  answers: AnswerRecord;
  checker: Database.Database;
  step(): Promise<void>;
  /** Records a sale the platform takes, at this wall time; its number. */
  recordSale(wall: number): number;
}

/** Beyond the quota's own time: a tick, a pass's start, the first steering. */
const SLACK_MS = 20_000;
/** How much slower than the quota's rate a till may go while it learns the pace. */
const SLOWER_BY = 4;
/** A sale after the quota is lifted: the slowest pace's hold, a tick and the answer. */
const LIFTED_WITHIN_MS = 120_000;
/** Tokens a second the rush's bucket gets back. */
const REFILLS = [0.25, 0.5, 1, 2, 3];
/** 429s after the first run dry, per process, beyond which a till ignored what it was told. */
const EXTRA_REFUSALS = 3;

export async function quotaScene(context: WorldContext, deps: QuotaSceneDeps): Promise<void> {
  const { world, till, platform, random } = context;
  if (till.running.size === 0) return;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low));
  const drafts: RateLimitDraft[] = ['old', 'x-old', 'dictionary', 'current', 'current'];
  // Buckets from 3, smaller than some tills' pass: seed 568 (a pass sent into a bucket of
  // three) and seeds 581 and 1621 (a policy first told during a wait dropped the spacing)
  // were pacer bugs found here.
  const quota = {
    capacity: between(3, 9),
    // Slower than a token a second too: "more in a second" is then not the truth, and a
    // till that reads the reset as one second, or the looser of two limits, meets the quota
    // again after its wait.
    refillPerSecond: REFILLS[between(0, REFILLS.length)]!,
    draft: drafts[between(0, drafts.length)]!,
    malformed: random() < 0.5 ? 0.3 : 0,
  };
  // The rate a till can know: draft-10's policy (q per w), else what the bucket gives.
  const rate =
    quota.draft === 'current'
      ? quota.capacity / Math.ceil(quota.capacity / quota.refillPerSecond)
      : quota.refillPerSecond;
  platform.setQuota(quota);
  const offset = world.live()[0]!.wallOffset;
  const count = between(8, 21);
  const from = world.time;
  world.log(
    `after the faults: a rush of ${count} sales under a quota of ${quota.capacity} (+${quota.refillPerSecond}/s, ${quota.draft}${quota.malformed ? ', malformed fields' : ''})`,
  );
  const sales: number[] = [];
  for (let i = 0; i < count; i++) sales.push(deps.recordSale(EPOCH + world.time + offset));
  const statesOf = deps.checker.prepare(
    `select s.customer_id as customer, o.state from outbox o join sales s on s.id = o.sale_id
     where s.customer_id in (select value from json_each(?))`,
  );
  // Asked after every step: read again, in one statement, only once the file changed.
  const version = createFileVersion(deps.checker);
  const states = keptWhileUnchanged(
    version,
    (customers: string) =>
      new Map(
        (statesOf.all(customers) as Array<{ customer: string; state: string }>).map((row) => [
          row.customer,
          row.state,
        ]),
      ),
  );
  /** Those of `these` sales not synced now. */
  const unsynced = (these: number[]) => {
    version.refresh();
    const now = states(JSON.stringify(these.map((sale) => `cus_${sale}`)));
    return these.filter((sale) => now.get(`cus_${sale}`) !== 'synced');
  };
  // A till may keep half the burst for the key's other tills (it cannot know it is alone):
  // the sales beyond that half at the quota's rate.
  const paced = Math.max(0, count - quota.capacity / 2);
  const boundMs = SLACK_MS + (SLOWER_BY * 1000 * paced) / rate;
  const deadline = from + boundMs;
  while (unsynced(sales).length > 0) {
    const next = world.nextEventAt;
    if (next === undefined || next > deadline) {
      const left = unsynced(sales).length;
      context.watch.violations.push(
        `after the faults, a rush of ${count} sales under a quota of ${quota.capacity} (+${quota.refillPerSecond}/s, ${quota.draft}): ${left} not synced within ${Math.round(boundMs)} ms (at ${world.time} ms)`,
      );
      break;
    }
    await deps.step();
  }
  if (process.env.SIM_QUOTA_LOG)
    console.log(
      `quota ${quota.draft} ${quota.capacity}+${quota.refillPerSecond} n=${count} took ${world.time - from} bound ${Math.round(boundMs)} ratio ${((world.time - from - 0) / boundMs).toFixed(2)}`,
    );
  // What each process heard in the rush: 429s after its first.
  const refusals = new Map<number, number>();
  for (const heard of deps.answers.all()) {
    if (heard.sentAt < from || heard.answer.kind !== 'response' || heard.answer.status !== 429)
      continue;
    refusals.set(heard.pid, (refusals.get(heard.pid) ?? 0) + 1);
  }
  for (const [pid, refused] of refusals)
    if (refused > 1 + EXTRA_REFUSALS)
      context.watch.violations.push(
        `after the faults, process ${pid} met the quota ${refused} times in a rush of ${count} sales (${quota.draft}): it does not pace to what it was told (at ${world.time} ms)`,
      );
  // Plenty again, and the answers say so: the pace learnt here ends with the next answer,
  // once the hold a slow share keeps after each answer is over (the least pace is a tenth
  // of the policy's rate or one request in 10 s: at most 40 s here).
  platform.liftRateLimit();
  const last = deps.recordSale(EPOCH + world.time + offset);
  const liftedBy = world.time + LIFTED_WITHIN_MS;
  while (unsynced([last]).length > 0) {
    const next = world.nextEventAt;
    if (next === undefined || next > liftedBy) {
      context.watch.violations.push(
        `after the faults, sale #${last} was not synced within ${LIFTED_WITHIN_MS} ms of the quota lifted (at ${world.time} ms)`,
      );
      return;
    }
    await deps.step();
  }
}
