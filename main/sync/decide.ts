// The delivery decision, pure: what one answer means for one sale, given its history, the
// settings and the time. No I/O, no clock, no randomness of its own (the jitter comes in
// as a number), so it is tested as a table and replayed exactly by the simulation.
import type { SyncTuning } from '../config/agent-config.js';
import { fullJitterDelay } from './backoff.js';
import { classify, type Answer, type Classification } from './classify.js';
import {
  PARKED_UNCERTAIN,
  type DecidedState,
  type DecisionOutcome,
} from '../../domain/outcomes.js';

/** What the sale has been through, as stored on its outbox row. */
export interface SaleHistory {
  attempts: number;
  unexpectedAttempts: number;
  uncertain: boolean;
}

export interface DecisionInput {
  answer: Answer;
  history: SaleHistory;
  tuning: SyncTuning;
  /** Wall-clock time of the answer (stored times are wall-clock). */
  now: number;
  /** A number in [0, 1) for the backoff's jitter. */
  jitter: number;
  /** Tries of this sale already made in place during this claim. */
  triesInPlace: number;
  /** Whether the platform is known to honour Idempotency-Key. */
  keysHonoured: boolean;
  /** Whether the key this request carried is still the key in use. */
  keyCurrent: boolean;
}

/** Tries in place per claim; after that a still-failing sale goes back to the queue. */
export const MAX_TRIES_IN_PLACE = 3;

export interface Decision {
  /** The attempt-log word and the engine's count. */
  outcome: DecisionOutcome;
  state: DecidedState;
  countsAttempt: boolean;
  unexpected: boolean;
  /** The request went out and no answer came: it may have been stored. */
  unanswered: boolean;
  /** The sale may be on the platform (twice, if it is also sent again), unproven either way. */
  uncertain: boolean;
  nextAttemptAt: number | null;
  /** Wait this long and try again while keeping the sale (short waits only). */
  retryInPlaceMs: number | null;
  /** The whole queue waits this long (429/503 with Retry-After: limits are per key). */
  queueWaitMs: number | null;
  /** Pause the queue for the key this request used. */
  pauseKey: boolean;
  /** The platform just showed it honours keys (it replayed a stored answer). */
  learnedKeysHonoured: boolean;
  httpStatus: number | null;
  errorCode: string | null;
  /** What to tell a person, in their words. */
  reason: string | null;
  platformId?: string | null;
  platformAnswer?: string;
  classification: Classification | null;
}

const QUEUE_WAIT_STATUSES = new Set([429, 503]);

/** A 429 or 503 with a Retry-After holds the whole queue that long (null: no such wait). */
export const queueWaitOf = (httpStatus: number | null, retryAfterMs: number): number | null =>
  httpStatus !== null && QUEUE_WAIT_STATUSES.has(httpStatus) && retryAfterMs > 0
    ? retryAfterMs
    : null;

/** The longest any stored next attempt can be ahead of now: a larger gap is a clock step. */
export const longestWaitMs = (tuning: SyncTuning) =>
  Math.max(tuning.backoffCapMs, tuning.retryAfterCapMs) + 60_000;

function base(
  input: DecisionInput,
): Omit<Decision, 'outcome' | 'state' | 'reason' | 'classification'> {
  return {
    countsAttempt: false,
    unexpected: false,
    unanswered: false,
    uncertain: input.history.uncertain,
    nextAttemptAt: null,
    retryInPlaceMs: null,
    queueWaitMs: null,
    pauseKey: false,
    learnedKeysHonoured: false,
    httpStatus: null,
    errorCode: null,
  };
}

const UNCERTAIN_REASON =
  'No answer came after the sale was sent: it may already be on the platform. Check the platform before sending it again.';

/** Whether a sale sent and unanswered waits for a person (else it is sent again). */
const parksUnanswered = (tuning: SyncTuning, keysHonoured: boolean) =>
  tuning.uncertainSales === 'park' && !keysHonoured;

/** Why a sale its stopped sender left on the wire is parked; null: it is sent again. */
export const inFlightParkReason = (tuning: SyncTuning, keysHonoured: boolean) =>
  parksUnanswered(tuning, keysHonoured) ? UNCERTAIN_REASON : null;

export function decide(input: DecisionInput): Decision {
  const { answer, history, tuning, now } = input;
  if (answer.kind === 'aborted') {
    // Stopped mid-request: back to the queue, due now, same key and body.
    return {
      ...base(input),
      outcome: answer.sent ? 'unanswered' : 'released',
      state: 'pending',
      unanswered: answer.sent,
      uncertain: history.uncertain || answer.sent,
      nextAttemptAt: now,
      errorCode: 'aborted',
      reason: 'Stopped before the platform answered; it will be sent again',
      classification: null,
    };
  }
  const verdict = classify(answer, now, tuning.retryAfterCapMs);
  const httpStatus = answer.kind === 'response' ? answer.status : null;
  const replayed =
    answer.kind === 'response' && answer.headers.get('idempotent-replayed')?.trim() === 'true';
  const honoured = input.keysHonoured || replayed;
  const common = {
    ...base(input),
    httpStatus,
    classification: verdict,
    learnedKeysHonoured: replayed && !input.keysHonoured,
  };

  switch (verdict.kind) {
    case 'synced':
      // A replay proves the platform holds it once; so does any answer from a platform
      // known to honour keys. Otherwise an earlier unanswered attempt may have made a copy.
      return {
        ...common,
        outcome: 'synced',
        state: 'synced',
        countsAttempt: true,
        uncertain: history.uncertain && !honoured,
        reason: null,
        platformId: verdict.platformId,
        platformAnswer: verdict.platformAnswer,
      };
    case 'refused':
      return {
        ...common,
        outcome: 'refused',
        state: 'refused',
        countsAttempt: true,
        uncertain: history.uncertain && !honoured,
        errorCode: verdict.code,
        reason: verdict.reason,
      };
    case 'paused':
      // A refusal of a key no longer in use says nothing about the new one.
      return {
        ...common,
        outcome: input.keyCurrent ? 'paused' : 'released',
        state: 'pending',
        nextAttemptAt: now,
        pauseKey: input.keyCurrent,
        errorCode: verdict.code,
        reason: verdict.reason,
      };
    case 'retry':
    case 'unexpected': {
      const unanswered = answer.kind !== 'response' && answer.sent;
      const uncertain = history.uncertain || unanswered;
      const unexpected = verdict.kind === 'unexpected';
      const unexpectedCount = history.unexpectedAttempts + (unexpected ? 1 : 0);
      const failures = history.attempts + 1;
      const park = (code: string, reason: string): Decision => ({
        ...common,
        outcome: 'refused',
        state: 'refused',
        countsAttempt: true,
        unexpected,
        unanswered,
        uncertain,
        errorCode: code,
        reason,
      });
      if (unexpected && unexpectedCount >= tuning.maxUnexpectedAttempts) {
        return park(
          verdict.code,
          `${verdict.reason} (gave up after ${unexpectedCount} unexpected answers)`,
        );
      }
      if (unanswered && parksUnanswered(tuning, honoured)) {
        return park(PARKED_UNCERTAIN, UNCERTAIN_REASON);
      }
      const retryAfterMs = verdict.retryAfterMs ?? 0;
      // Never sooner than the server asks, nor sooner than our own backoff.
      const delayMs = Math.max(
        retryAfterMs,
        fullJitterDelay(failures, tuning.backoffBaseMs, tuning.backoffCapMs, () => input.jitter),
      );
      const queueWaitMs = queueWaitOf(httpStatus, retryAfterMs);
      const offline = verdict.kind === 'retry' && verdict.unreachable;
      const inPlace =
        !offline &&
        queueWaitMs === null &&
        delayMs <= tuning.inlineRetryMaxMs &&
        input.triesInPlace + 1 < MAX_TRIES_IN_PLACE;
      return {
        ...common,
        outcome: unanswered ? 'unanswered' : 'retry',
        state: inPlace ? 'sending' : 'pending',
        countsAttempt: true,
        unexpected,
        unanswered,
        uncertain,
        nextAttemptAt: now + delayMs,
        retryInPlaceMs: inPlace ? delayMs : null,
        queueWaitMs,
        errorCode: verdict.code,
        reason: verdict.reason,
      };
    }
  }
}
