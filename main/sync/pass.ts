// One pass over the sales due when it began: N workers take the oldest due sale each,
// claim it (fenced, body frozen, marked on the wire), send it, decide, write the outcome
// first, then tell the link state and the pacer. An answer is a value and decide() turns
// it into a decision; the short in-place retries of one sale are p-retry's, which is driven
// by exceptions: RetryInPlace asks for another try, StopRetrying ends them (the sale is
// handed back as it was). The waits p-retry runs are ours, on the injected timers.
import pRetry from 'p-retry';
import type { ClaimAnswer, ClaimedSale, DueSale, OutboxQueries } from '../../db/outbox.js';
import type { SyncTuning } from '../config/agent-config.js';
import type { Answer } from './classify.js';
import { sleep, type Clock, type Timers } from './clock.js';
import type { CommitQueue } from './commit-queue.js';
import { decide, longestWaitMs, MAX_TRIES_IN_PLACE, type SaleHistory } from './decide.js';
import type { LeaseHolder } from './lease-holder.js';
import type { LinkKnowledge } from './link-state.js';
import type { OutcomeWriter } from './outcome-writer.js';
import type { Pacer } from './pacer.js';
import { readRateLimits } from './rate-limit-headers.js';
import { freeSlot } from './slot-wait.js';
import type { StorageGuard } from './storage-guard.js';
import { DELIVERY_OF_DECISION, type DeliveryOutcome } from '../../domain/outcomes.js';
import type { AttemptEvent } from './engine-options.js';

export interface SaleSender {
  postSale(body: string, idempotencyKey: string, signal: AbortSignal): Promise<Answer>;
}

/** Where the pass takes sales from and writes what became of them, under its lease. */
export interface PassQueue {
  outbox: OutboxQueries;
  holder: LeaseHolder;
  owner: string;
  commits: CommitQueue;
  outcomes: OutcomeWriter;
  storage: StorageGuard;
  /** The platform proved it honours keys: the doubts go, behind the outcomes (doubt-clearing.ts). */
  clearDoubts: () => void;
}

/** Whom the pass sends to, and with which key. */
export interface PassPlatform {
  sender: SaleSender;
  baseUrl: string;
  /** The key this pass sends with, and whether it is still the key in use. */
  keyHash: string | null;
  keyCurrent: () => boolean;
  buildBody: (sale: ClaimedSale) => string;
}

/** Time, chance and the stop signal: injected, so a test or the simulation steps them. */
export interface PassWorld {
  clock: Clock;
  timers: Timers;
  random: () => number;
  signal: AbortSignal;
}

/** What the pass tells its engine as it goes. */
export interface PassReports {
  onSale: (saleId: string, outcome: DeliveryOutcome) => void;
  /** Every answered or unanswered send, for monitoring. */
  onAttempt: (attempt: AttemptEvent) => void;
  onQueueWait: (ms: number) => void;
}

export interface PassDeps {
  queue: PassQueue;
  platform: PassPlatform;
  world: PassWorld;
  tuning: SyncTuning;
  /** What the pass learns of the link and the pace it keeps. */
  link: LinkKnowledge;
  pacer: Pacer;
  /** Stop taking more of the queue now (offline, paused, stopping). */
  holding(): boolean;
  reports: PassReports;
}

export interface PassResult {
  counts: Record<DeliveryOutcome, number>;
  leaseLost: boolean;
}

class RetryInPlace extends Error {
  constructor(readonly delayMs: number) {
    super(`retry in ${delayMs} ms`);
  }
}

class StopRetrying extends Error {}

/**
 * Due sales read per statement. Each read has a fixed cost (a read transaction, its
 * locks) that a catch-up pays per batch: 64 measured about 10 % faster than 16 on
 * bench:sync (at the largest concurrency, 16, a batch still feeds every sender four
 * times). A sale changed after its batch was read is simply not claimed.
 */
const PASS_BATCH = 64;

/** The due sales of one pass, read a batch at a time, each at most once. */
function passQueue(deps: PassDeps, passStart: number, batchSize: number) {
  const batch: DueSale[] = [];
  let cursor = { createdAt: Number.MIN_SAFE_INTEGER, position: 0 };
  let exhausted = false;
  return {
    next(): DueSale | undefined {
      if (batch.length === 0 && !exhausted) {
        const farAhead = deps.world.clock.now() + longestWaitMs(deps.tuning);
        const { outbox } = deps.queue;
        batch.push(
          ...outbox.dueSales(passStart, farAhead, cursor, batchSize, deps.platform.buildBody),
        );
        if (batch.length === 0) exhausted = true;
        const last = batch.at(-1);
        if (last) cursor = { createdAt: last.createdAt, position: last.position };
      }
      return batch.shift();
    },
  };
}

export async function runPass(deps: PassDeps): Promise<PassResult> {
  const { tuning, link, pacer } = deps;
  const { outbox, holder, owner, commits, outcomes, storage } = deps.queue;
  const { sender, baseUrl, keyHash, keyCurrent } = deps.platform;
  const { clock, timers, random, signal } = deps.world;
  const { onSale, onAttempt, onQueueWait } = deps.reports;
  const counts: Record<DeliveryOutcome, number> = {
    synced: 0,
    refused: 0,
    paused: 0,
    requeued: 0,
    released: 0,
  };
  let leaseLost = false;
  let storageFailed = false;
  const due = passQueue(deps, clock.now(), PASS_BATCH);
  // A long queue-wide wait ends the pass; the engine's wake timer starts the next one.
  const throttled = () => pacer.heldForMs() > tuning.inlineRetryMaxMs;
  // A new key ends the pass: what is left goes out in the next pass, with the new key.
  const stopped = () =>
    leaseLost ||
    storageFailed ||
    deps.holding() ||
    outcomes.blocked ||
    throttled() ||
    !keyCurrent();
  const slots = { pacer, timers, signal, stopped };

  async function deliver(candidate: DueSale): Promise<DeliveryOutcome> {
    const epoch = holder.epoch;
    if (epoch === null) return 'released';
    const fence = { owner: owner, epoch };
    let history: SaleHistory = candidate;
    let tries = 0;

    const attempt = async (): Promise<DeliveryOutcome> => {
      let claimed: ClaimAnswer | { kind: 'held' };
      try {
        // Decided when the claim commits: an answer heard since this worker took its slot
        // (a 429's wait, a rate limit run dry, a refused key) holds the sale back unsent.
        claimed = await commits.write(() =>
          stopped() || pacer.heldForMs() > 0
            ? { kind: 'held' as const }
            : outbox.claimRow(candidate, fence, clock.now()),
        );
        storage.succeeded();
      } catch (error) {
        storage.failed('a claim', error);
        storageFailed = true; // nothing was sent; the sale stays as it was
        return 'requeued';
      }
      if (claimed.kind === 'held') throw new StopRetrying(); // handed back, due as it was
      if (claimed.kind === 'lease_lost') {
        leaseLost = true;
        return 'released';
      }
      if (claimed.kind === 'gone') return 'released'; // edited or discarded meanwhile
      const sale = claimed.sale;
      const startedAt = clock.now();
      const answer = await sender.postSale(sale.requestBody, sale.idempotencyKey, signal);
      const now = clock.now();
      const decision = decide({
        answer,
        history,
        tuning,
        now,
        jitter: random(),
        triesInPlace: tries,
        keysHonoured: link.keysHonoured(baseUrl),
        keyCurrent: keyCurrent(),
      });
      // The outcome first: queued before anything else, committed with this turn's group
      // (and before this worker's next claim, which joins the same group, in order).
      void outcomes.write(
        {
          saleId: sale.saleId,
          revision: sale.revision,
          idempotencyKey: sale.idempotencyKey,
          startedAt,
          durationMs: Math.max(0, now - startedAt),
          outcome: decision.outcome,
          state: decision.state,
          countsAttempt: decision.countsAttempt,
          unexpected: decision.unexpected,
          unanswered: decision.unanswered,
          uncertain: decision.uncertain,
          nextAttemptAt: decision.nextAttemptAt,
          httpStatus: decision.httpStatus,
          errorCode: decision.errorCode,
          reason: decision.reason,
          platformId: decision.platformId,
          platformAnswer: decision.platformAnswer,
        },
        fence,
      );
      onAttempt({ outcome: decision.outcome, httpStatus: decision.httpStatus });
      if (answer.kind !== 'aborted' && decision.classification) {
        link.record(answer, decision.classification, keyHash, decision.pauseKey);
      }
      if (decision.learnedKeysHonoured) {
        link.learnKeysHonoured(baseUrl, deps.queue.clearDoubts);
      }
      if (answer.kind === 'response')
        pacer.note(readRateLimits(answer.headers), answer.status === 429);
      pacer.answered(); // after note(): the workers waiting on it go on at the pace it read
      if (decision.queueWaitMs !== null) onQueueWait(decision.queueWaitMs);
      if (decision.retryInPlaceMs !== null && !outcomes.blocked) {
        tries += 1;
        history = {
          ...history,
          attempts: history.attempts + 1,
          unexpectedAttempts: history.unexpectedAttempts + (decision.unexpected ? 1 : 0),
          uncertain: decision.uncertain,
        };
        throw new RetryInPlace(decision.retryInPlaceMs);
      }
      return DELIVERY_OF_DECISION[decision.outcome];
    };

    try {
      return await pRetry(attempt, {
        retries: MAX_TRIES_IN_PLACE,
        minTimeout: 0,
        onFailedAttempt: async ({ error }) => {
          if (!(error instanceof RetryInPlace)) throw error;
          // A hold ends the tries in place; else the pace holds for them too (one more request).
          if (pacer.heldForMs() > 0) throw new StopRetrying();
          const waited =
            (await sleep(timers, error.delayMs, signal)) && (await freeSlot(slots, true));
          if (!waited || stopped() || !holder.ensure()) throw new StopRetrying();
        },
      });
    } catch (error) {
      if (!(error instanceof StopRetrying) && !(error instanceof RetryInPlace)) throw error;
      // Kept for an in-place retry, then stopped: back to the queue, due as recorded.
      outcomes.flush();
      storage.attempt('a release', () => outbox.release(candidate, fence, clock.now()));
      return signal.aborted ? 'released' : 'requeued';
    }
  }

  async function worker(): Promise<void> {
    while (!stopped()) {
      // A sale first, then its slot: a worker with nothing to send does not sleep out a
      // pace slot, which would keep the pass (and the next one, for a sale recorded
      // meanwhile) waiting for nothing.
      const candidate = due.next();
      if (!candidate) return;
      try {
        if (!(await freeSlot(slots))) return;
        if (stopped()) return;
        if (!holder.ensure()) {
          leaseLost = true;
          return;
        }
        const outcome = await deliver(candidate);
        counts[outcome] += 1;
        onSale(candidate.saleId, outcome);
      } finally {
        pacer.answered(); // sent and answered, or never sent: the others wait no longer
      }
    }
  }

  await Promise.all(Array.from({ length: tuning.concurrency }, () => worker()));
  return { counts, leaseLost };
}
