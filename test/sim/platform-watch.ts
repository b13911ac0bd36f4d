// What the platform sees of the till, checked request by request: the invariants of
// delivery, per sale, at the platform (not in the till's own files). A sale is known by the
// customer id every simulated sale carries (`cus_<n>`), whatever key it comes under.
//
// - Never two requests in flight for one key; one body per key; one key per revision: a
//   new key for a sale only after a person edited it, and never an old revision's key again.
// - A sale refused (a 4xx that is not about the key or the pace) is not sent again until a
//   person retries or edits it; nor one answered "unexpected" as often as the policy allows.
// - No request with a key the platform refused, from a process told so, until a person
//   resyncs or a check finds the key taken again (a new key is another key).
// - No request earlier than the platform allowed: a sale's Retry-After, a queue-wide
//   Retry-After (429, 503), a rate limit with nothing remaining, nor the till's own backoff
//   (backoff-check.ts). Queue-wide waits are judged in the process that was told, on its
//   steady clock; a sale's own wait, once the till recorded it, in every process reading
//   the wall clock it was set on (stored times are wall-clock by design).
// - Every request comes from the sender whose claim of the sale holds the lease at its epoch.
// An answer the till never recorded (its process died first, or another sender had taken
// the sale) was never heard by the till; nor one to a request sent before a person pressed
// Resync: what they asked is forgotten with them.
import type { Answer } from '../../main/sync/classify.js';
import { createBackoffCheck, type HeardFor } from './backoff-check.js';
import { quotaIn } from './platform-answers.js';
import { allowedWaitMs, isKeyCheck, isRefusal, isUnexpected, saleOf } from './request-kinds.js';
import { fenceProblem, type TillRecords } from './till-records.js';
import type { SimProcess, World } from './world.js';

export interface WatchOptions {
  /** The till parks a sale whose send went unanswered, on a platform that ignores keys. */
  parksUncertain: boolean;
  /** The engine's one fixed jitter and its backoff settings; null when its jitter is random. */
  backoff: { jitter: number; baseMs: number; capMs: number } | null;
  /** The longest a process goes between ticks: the other processes follow a Resync then. */
  tickWithinMs: number;
  retryAfterCapMs: number;
  maxUnexpectedAttempts: number;
  /** What the till's own file says: fences, and which answers it recorded. */
  records: TillRecords;
}

/** An answer heard for a sale, and the attempt log's newest entry at that moment. */
interface Heard {
  key: string;
  status: number;
}

interface SaleSeen {
  keys: Set<string>;
  oldKeys: Set<string>;
  editsPending: number;
  /** A send left unanswered under the park policy: no resend before a person acts. */
  unanswered: { key: string; after: number } | null;
  /** A refusal heard (the sale must wait for a person, once the till recorded it). */
  refused: (Heard & { after: number }) | null;
  /** Unexpected answers heard since a person last acted on the sale. */
  unexpected: Heard[];
  /** The attempt log's newest entry when a person last acted on the sale. */
  actedAfter: number;
  /** A Retry-After heard for the sale: it holds for every process once the till recorded it. */
  notBefore: (Heard & { wallOffset: number; at: number; after: number }) | null;
  /** The last answer (or failure) a process heard for the sale, and the log's top then. */
  heard: HeardFor | null;
  copies: number;
}

interface ProcessSeen {
  notBefore: number;
  why: string;
  rejectedKeys: Set<string>;
}

export function createPlatformWatch(world: World, options: WatchOptions) {
  const violations: string[] = [];
  const sales = new Map<number, SaleSeen>();
  const processes = new Map<number, ProcessSeen>();
  const bodies = new Map<string, string>();
  /** The sending process's wall clock (time and offset) when each key last went out. */
  const sentWalls = new Map<string, { at: number; offset: number }>();
  const inFlight = new Map<string, { pid: number; epoch: number | null }>(); // by key
  const { records } = options;
  // Keys are random: the trace names each by the order it was first seen, so that a seed's
  // trace is the same on every run.
  const keyLabels = new Map<string, string>();
  const keyLabel = (key: string) => {
    if (!keyLabels.has(key)) keyLabels.set(key, `k${keyLabels.size + 1}`);
    return keyLabels.get(key)!;
  };
  let lastResyncAt = -1;
  /** Until then, a process may still be following the last Resync, which lifts backoffs. */
  let resyncFollowedBy = -1;
  const flag = (message: string) => violations.push(`${message} (at ${world.time} ms)`);

  const saleSeen = (sale: number): SaleSeen => {
    let seen = sales.get(sale);
    if (!seen) {
      seen = {
        keys: new Set(),
        oldKeys: new Set(),
        editsPending: 0,
        refused: null,
        unanswered: null,
        unexpected: [],
        actedAfter: 0,
        notBefore: null,
        heard: null,
        copies: 0,
      };
      sales.set(sale, seen);
    }
    return seen;
  };
  const processSeen = (pid: number): ProcessSeen => {
    let seen = processes.get(pid);
    if (!seen) {
      seen = { notBefore: 0, why: '', rejectedKeys: new Set() };
      processes.set(pid, seen);
    }
    return seen;
  };

  /** Unexpected answers the till recorded since a person last acted on the sale. */
  function recordedUnexpected(seen: SaleSeen): number {
    const distinct = new Map(
      seen.unexpected.map((heard) => [`${heard.key} ${heard.status}`, heard]),
    );
    let count = 0;
    for (const heard of distinct.values())
      count += records.recordedAnswers(heard.key, heard.status, seen.actedAfter);
    return count;
  }

  const backoffs = createBackoffCheck(world, options.backoff, records, flag);
  const oneWallClock = backoffs.oneWallClock;

  function checkKeyOfSale(sale: number, seen: SaleSeen, key: string): void {
    if (seen.oldKeys.has(key))
      flag(`sale #${sale} was sent under the key of a revision a person replaced`);
    if (seen.keys.has(key)) return;
    if (seen.keys.size > 0 && seen.editsPending === 0)
      flag(`sale #${sale} was sent under a new key without being edited`);
    if (seen.keys.size > 0) {
      seen.editsPending -= 1;
      for (const old of seen.keys) seen.oldKeys.add(old);
      seen.keys.clear();
    }
    seen.keys.add(key);
  }

  return {
    violations,
    sales,
    /** World time until which the platform asked process `pid`'s whole queue to wait (0: none). */
    heldUntil: (pid: number) => processes.get(pid)?.notBefore ?? 0,

    /** A request leaves process `process` (the till's side of the wire). */
    requestSent(process: SimProcess, apiKey: string, key: string, body: string): void {
      world.log(
        `process ${process.pid} sends sale #${saleOf(body)} (key ${keyLabel(key)}, API key ${apiKey})`,
      );
      const earlier = bodies.get(key);
      if (earlier !== undefined && earlier !== body)
        flag(`a different body was sent under one key: ${earlier} then ${body}`);
      bodies.set(key, body);
      sentWalls.set(key, { at: process.clock.now(), offset: process.wallOffset });
      const fence = records.fenceOf(key);
      const problem = fence && fenceProblem(fence, `sim#${process.pid}`);
      if (problem) flag(`process ${process.pid} sent under a fence it does not hold: ${problem}`);
      // A second request for a key on the wire: only from a sender that took the lease over
      // from the first (a sender on another host, whose liveness cannot be told, stalled
      // past its lease): a key-honouring platform answers 409, any other may store twice.
      const epoch = fence?.claimEpoch ?? null;
      const other = inFlight.get(key);
      const takenOver = other && epoch !== null && other.epoch !== null && epoch > other.epoch;
      if (other && !takenOver)
        flag(`two requests in flight for one sale (processes ${other.pid} and ${process.pid})`);
      inFlight.set(key, { pid: process.pid, epoch });
      // A key check is a person's question, asked at once whatever the queue waits for.
      if (isKeyCheck(key)) return;

      const pace = processSeen(process.pid);
      if (world.time < pace.notBefore)
        flag(
          `process ${process.pid} sent ${pace.notBefore - world.time} ms before ${pace.why} allowed`,
        );
      if (pace.rejectedKeys.has(apiKey))
        flag(`process ${process.pid} sent again with the API key the platform refused`);

      const sale = saleOf(body);
      if (sale === null) return;
      const seen = saleSeen(sale);
      checkKeyOfSale(sale, seen, key);
      const { refused } = seen;
      if (refused && records.recordedAnswers(refused.key, refused.status, refused.after) > 0)
        flag(
          `sale #${sale} was sent again after the platform refused it, before a person acted (attempt log ${records.logOf(refused.key)})`,
        );
      const { unanswered } = seen;
      if (unanswered && records.recordedOutcomes(unanswered.key, unanswered.after) > 0)
        flag(
          `sale #${sale} was sent again after an unanswered send, before a person acted (policy: park; attempt log ${records.logOf(unanswered.key)})`,
        );
      const unexpected = recordedUnexpected(seen);
      if (unexpected >= options.maxUnexpectedAttempts)
        flag(`sale #${sale} was sent after ${unexpected} unexpected answers (policy: park)`);
      backoffs.check(process, sale, seen.heard, key);
      // Stored with the sale (its next attempt, wall-clock), so judged on one wall clock.
      const wait = seen.notBefore;
      if (
        wait &&
        world.time < wait.at &&
        wait.wallOffset === process.wallOffset &&
        oneWallClock(process) &&
        records.recordedAnswers(wait.key, wait.status, wait.after) > 0
      )
        flag(
          `sale #${sale} was sent ${wait.at - world.time} ms before its Retry-After allowed (attempt log ${records.logOf(wait.key)})`,
        );
    },

    /** An answer (or its absence) reaches the process that sent the request. */
    answerHeard(
      process: SimProcess,
      apiKey: string,
      key: string,
      body: string,
      answer: Answer,
      sentAt: number,
    ): void {
      if (inFlight.get(key)?.pid === process.pid) inFlight.delete(key);
      world.log(
        `process ${process.pid} hears ${answer.kind === 'response' ? answer.status : answer.kind} for sale #${saleOf(body)}`,
      );
      const sale = saleOf(body);
      const seen = sale === null ? undefined : saleSeen(sale);
      const sentWall = sentWalls.get(key);
      if (seen)
        seen.heard =
          // Times in the attempt log hold only when the wall clock did not step meanwhile.
          answer.kind === 'aborted' ||
          sentAt < resyncFollowedBy ||
          sentWall?.offset !== process.wallOffset ||
          !oneWallClock(process)
            ? null
            : {
                pid: process.pid,
                wallOffset: process.wallOffset,
                key,
                sentAt: sentWall.at,
                after: records.lastAttempt(),
              };
      // Sent, and no answer: the platform ignores keys, so it may hold the sale already.
      const sentButUnanswered =
        (answer.kind === 'timeout' || answer.kind === 'network') && answer.sent;
      if (seen && options.parksUncertain && sentButUnanswered && sentAt >= lastResyncAt)
        seen.unanswered = { key, after: records.lastAttempt() };
      // An answer to a request sent before a person pressed Resync: the resync overrules it.
      if (answer.kind !== 'response' || sentAt < lastResyncAt) return;
      // A key check's answer says only whether the key is taken (recorded below); the pace
      // it may carry is the queue's to honour or not.
      if (isKeyCheck(key)) {
        const { rejectedKeys } = processSeen(process.pid);
        if (answer.status === 401 || answer.status === 403) rejectedKeys.add(apiKey);
        if (answer.status === 400 || answer.status === 422) rejectedKeys.delete(apiKey);
        return;
      }
      const { status, headers } = answer;
      const wall = process.clock.now();
      const retryAfter = allowedWaitMs(headers.get('retry-after'), wall, options.retryAfterCapMs);
      const pace = processSeen(process.pid);
      const hold = (ms: number, why: string) => {
        if (world.time + ms <= pace.notBefore) return;
        pace.notBefore = world.time + ms;
        pace.why = why;
      };
      if ((status === 429 || status === 503) && retryAfter > 0)
        hold(retryAfter, `the ${status}'s Retry-After`);
      const quota = quotaIn(headers);
      if (quota?.remaining === '0') hold(Number(quota.reset) * 1000, 'the rate limit');
      if (status === 401 || status === 403) pace.rejectedKeys.add(apiKey);
      if (!seen) return;
      if (isRefusal(status)) seen.refused = { key, status, after: records.lastAttempt() };
      if (isUnexpected(status)) seen.unexpected.push({ key, status });
      if (retryAfter > 0)
        seen.notBefore = {
          key,
          status,
          wallOffset: process.wallOffset,
          at: world.time + retryAfter,
          after: records.lastAttempt(),
        };
    },

    /** The platform stored one more copy of a sale (not a replay). */
    stored(body: string): number {
      const sale = saleOf(body);
      if (sale === null) return 0;
      const seen = saleSeen(sale);
      seen.copies += 1;
      return seen.copies;
    },

    /** A process died: its requests are gone with it, and what it was told. */
    processDied(pid: number): void {
      processes.delete(pid);
      for (const [key, request] of inFlight) if (request.pid === pid) inFlight.delete(key);
    },

    /** A person retried, edited or discarded a refused sale. */
    personActed(sale: number, action: 'retry' | 'edit' | 'discard'): void {
      const seen = saleSeen(sale);
      seen.refused = null;
      seen.unanswered = null;
      seen.unexpected = [];
      seen.actedAfter = records.lastAttempt();
      seen.heard = null;
      seen.notBefore = null;
      if (action === 'edit') seen.editsPending += 1;
    },

    /** Resync: every wait is lifted and the key may be tried again, by every process. */
    resynced(): void {
      lastResyncAt = world.time;
      // Each process follows at its first tick, once it runs again if it is stopped.
      const resumed = Math.max(world.time, ...world.live().map((p) => p.stalledUntil));
      resyncFollowedBy = resumed + options.tickWithinMs;
      processes.clear();
      for (const seen of sales.values()) {
        seen.notBefore = null;
        seen.heard = null;
      }
    },
  };
}

export type PlatformWatch = ReturnType<typeof createPlatformWatch>;
