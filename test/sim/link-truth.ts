// What the sync state says of the link just after a process heard an answer, against the
// answer itself, for the figures the Sync screen shows that no other check reads:
// - the clock's skew: the platform's Date against the hearer's wall clock, kept when more
//   than five minutes off (to within the second a Date is rounded to), and cleared when not;
// - the queue's wait: a 429 or 503 with Retry-After holds the whole queue until the hearer's
//   wall time plus the wait it asks for (capped), as the status names it;
// - an answer that says nothing of the link (a request that went out and hung, a connection
//   cut after it left, a refusal of a key no longer in use) leaves the connection as it was;
// - a replayed answer to a sale: the platform honours keys, at the till's address;
// - paused for the key in use: a success (a sale sent before the refusal) leaves the link as
//   it was, and a refusal again leaves the pause's start.
// Judged the turn after, only for a process alone that has written a sale's error since its
// disk was last disturbed (a refused write goes with the next one), alone at
// that moment (no other answer heard then), and, for the skew and the pause, that has been
// alone since it started: another process's word on disk is newer than this one's memory.
import type { Store } from '../../db/store.js';
import type { Answer } from '../../main/sync/classify.js';
import { keyFingerprint } from '../../main/config/api-key-info.js';
import { UNREACHABLE_CODES } from './offline-watch.js';
import { allowedWaitMs, isKeyCheck, KEY_REFUSED_STATUSES } from './request-kinds.js';
import type { SimTill } from './sim-till.js';
import { errorCodeOf } from './state-checks.js';
import type { World } from './world.js';

/** A clock further off the platform's than this is shown (main/sync/link-state.ts). */
const SKEW_LIMIT_MS = 5 * 60_000;

interface LinkRow {
  connection: string;
  skew: number | null;
  until: number | null;
  reason: string | null;
  keyHash: string | null;
  pausedAt: number | null;
  honouredAt: number | null;
  honouredUrl: string | null;
}

export interface LinkTruthOptions {
  database: Store['database'];
  till: SimTill;
  disturbed: () => boolean;
  /** When the last thing that kept a process from its disk ends (or ended). */
  busyUntil: () => number;
  flag: (problem: string) => void;
}

/** Whether an answer tells nothing of whether the platform is there (classify.ts's rules). */
function silentOnLink(answer: Answer, current: boolean): boolean {
  if (answer.kind === 'timeout') return answer.sent;
  if (answer.kind === 'network') return !UNREACHABLE_CODES.includes(answer.code);
  return answer.kind === 'response' && !current && KEY_REFUSED_STATUSES.includes(answer.status);
}

export function createLinkTruth(world: World, options: LinkTruthOptions) {
  const { till, flag } = options;
  const read = options.database.sqlite.prepare(
    `select connection, clock_skew_ms as skew, throttled_until as until, paused_reason as reason,
       paused_key_hash as keyHash, paused_at as pausedAt, keys_honoured_at as honouredAt,
       keys_honoured_base_url as honouredUrl from sync_state where id = 1`,
  );
  /** Processes that ran beside another at some moment: their memory may be older than the disk. */
  const overlapped = new Set<number>();
  /** Virtual times at which more than one answer (or probe) was heard. */
  let lastHeardAt = -1;
  let crowdedAt = -1;
  const note = () => {
    if (lastHeardAt === world.time) crowdedAt = world.time;
    lastHeardAt = world.time;
  };
  // A write the disk refused goes with the process's next one, which may be this answer's
  // (a tick's flush waits for the pass under way: seed 1298). A sale's error is always
  // written: one heard since the disk was last disturbed has written what waited.
  const wroteAt = new Map<number, number>();
  const quiet = () => !options.disturbed() && world.time > options.busyUntil();
  const alone = (pid: number) => {
    const live = world.live();
    return (
      live.length === 1 &&
      live[0]!.pid === pid &&
      live[0]!.stalledUntil <= world.time &&
      quiet() &&
      (wroteAt.get(pid) ?? -1) > options.busyUntil()
    );
  };

  function check(pid: number, apiKey: string, key: string, answer: Answer, before: LinkRow): void {
    const wall = world.processes.get(pid)!.clock.now();
    const after = read.get() as LinkRow;
    const say = (problem: string) =>
      flag(
        `the sync state ${problem} (as process ${pid} heard ${answer.kind === 'response' ? answer.status : answer.kind} at ${world.time} ms)`,
      );
    const current = apiKey === till.config.apiKey;
    if (silentOnLink(answer, current) && after.connection !== before.connection)
      say(
        `says ${after.connection}, was ${before.connection}, though the answer told nothing of the link`,
      );
    if (answer.kind !== 'response') return;
    // A stored answer replayed to a sale: the platform honours keys, known at once.
    const replayed = answer.headers.get('idempotent-replayed') === 'true';
    if (replayed && !isKeyCheck(key) && after.honouredUrl !== till.config.baseUrl)
      say(`says keys honoured at ${after.honouredUrl} (${after.honouredAt}), though a replay came`);
    // Paused for the key in use, as this process knows (alone since it started): a success
    // of a sale sent before the refusal, or a refusal again, leaves the link and the pause.
    const paused = before.reason !== null && before.keyHash === keyFingerprint(till.config.apiKey);
    if (paused && !overlapped.has(pid)) {
      const success = answer.status >= 200 && answer.status < 300;
      if (success && after.connection !== before.connection)
        say(`says ${after.connection}, was ${before.connection}, after a success while paused`);
      if (KEY_REFUSED_STATUSES.includes(answer.status) && after.pausedAt !== before.pausedAt)
        say(
          `moves the pause's start from ${before.pausedAt} to ${after.pausedAt} at a refusal again`,
        );
    }
    if ([429, 503].includes(answer.status)) {
      const cap = till.config.sync.retryAfterCapMs;
      const wait = allowedWaitMs(answer.headers.get('retry-after'), wall, cap);
      if (wait > 0 && after.until !== wall + wait)
        say(`holds the queue until ${after.until}, not ${wall + wait} (a wait of ${wait} ms)`);
    }
    const date = Date.parse(answer.headers.get('date') ?? '');
    if (Number.isNaN(date) || overlapped.has(pid)) return;
    const skew = date - wall;
    if (Math.abs(Math.abs(skew) - SKEW_LIMIT_MS) < 2) return; // the limit itself: either way
    if (Math.abs(skew) <= SKEW_LIMIT_MS && after.skew !== null)
      say(`keeps a clock skew of ${after.skew} ms, the platform's Date is ${skew} ms off`);
    if (
      Math.abs(skew) > SKEW_LIMIT_MS &&
      (after.skew === null || Math.abs(after.skew - skew) >= 1000)
    )
      say(`keeps a clock skew of ${after.skew} ms, the platform's Date is ${skew} ms off`);
  }

  return {
    /** Process `pid` heard this answer to a request with this API key (before taking it in). */
    heard(pid: number, apiKey: string, key: string, answer: Answer): void {
      note();
      const judged = answer.kind !== 'aborted' && alone(pid);
      if (quiet() && !isKeyCheck(key) && errorCodeOf({ key, answer })) wroteAt.set(pid, world.time);
      if (answer.kind === 'aborted' || !judged) return;
      const at = world.time;
      const before = read.get() as LinkRow;
      setImmediate(() => {
        if (world.time !== at || crowdedAt === at || !alone(pid)) return;
        check(pid, apiKey, key, answer, before);
      });
    },
    /** A process's probe was answered (it may write the link in that turn). */
    contact: note,
    /** A process is gone: every other alive then ran beside it. */
    gone(pid: number): void {
      const others = world.live().filter((process) => process.pid !== pid);
      if (others.length === 0) return;
      overlapped.add(pid);
      for (const process of others) overlapped.add(process.pid);
    },
  };
}
