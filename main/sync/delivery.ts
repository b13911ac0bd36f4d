// Delivering one claimed sale. p-retry drives the sale's retry loop: a conflict or a
// refused key ends it at once (AbortError); a retryable answer is written to the outbox
// with its next attempt time (so backoff survives a restart), then waited out in place if
// the wait is short, or handed back to the queue if it is long, so a slow sale never holds
// a sender. The waits are ours: full jitter or the server's Retry-After, neither of which
// p-retry computes, hence the pattern of waiting in onFailedAttempt without consuming a
// retry (shared/environment.md).
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry, { AbortError } from 'p-retry';
import type { AttemptResult, ClaimedSale, OutboxQueries } from '../../db/outbox.js';
import type { SyncTuning } from '../config/agent-config.js';
import { fullJitterDelay } from './backoff.js';
import { classify, type Answer, type Classification } from './classify.js';
import type { PlatformClient } from './platform-client.js';
import { saleRequestBody } from './sale-request.js';

export type DeliveryOutcome = 'synced' | 'conflict' | 'paused' | 'deferred' | 'released';

/** Tries in place per claim; after that a still-failing sale goes back to the queue. */
export const MAX_TRIES_IN_PLACE = 3;

export interface DeliveryContext {
  client: PlatformClient;
  outbox: OutboxQueries;
  tuning: SyncTuning;
  shopId?: string;
  signal: AbortSignal;
  random?: () => number;
  /** Whether the sender should stop taking more of the queue now (offline, paused, stopping). */
  holding(): boolean;
  /** Every answer, for connectivity, clock skew, last success and last error. */
  onAnswer(answer: Exclude<Answer, { kind: 'aborted' }>, classification: Classification): void;
}

class RetryLater extends Error {
  constructor(readonly delayMs: number) {
    super(`retry in ${delayMs} ms`);
  }
}

class Ended extends Error {
  constructor(readonly outcome: DeliveryOutcome) {
    super(outcome);
  }
}

export async function deliverSale(
  sale: ClaimedSale,
  context: DeliveryContext,
): Promise<DeliveryOutcome> {
  const { outbox, tuning } = context;
  const body = JSON.stringify(saleRequestBody(sale, context.shopId));
  let failures = sale.attempts;

  function finish(
    startedAt: number,
    result: Omit<
      AttemptResult,
      'saleId' | 'revision' | 'idempotencyKey' | 'startedAt' | 'durationMs'
    >,
  ) {
    const now = Date.now();
    outbox.finishAttempt(
      {
        saleId: sale.saleId,
        revision: sale.revision,
        idempotencyKey: sale.idempotencyKey,
        startedAt,
        durationMs: now - startedAt,
        ...result,
      },
      now,
    );
  }

  async function attemptOnce(): Promise<DeliveryOutcome> {
    const startedAt = Date.now();
    const answer = await context.client.postSale(body, sale.idempotencyKey, context.signal);
    if (answer.kind === 'aborted') {
      finish(startedAt, {
        outcome: 'released',
        state: 'pending',
        counts: false,
        nextAttemptAt: Date.now(),
        httpStatus: null,
        errorCode: 'aborted',
        reason: 'Stopped before the platform answered; it will be sent again',
      });
      throw new AbortError(new Ended('released'));
    }
    const now = Date.now();
    const verdict = classify(answer, now, tuning.retryAfterCapMs);
    context.onAnswer(answer, verdict);
    const httpStatus = answer.kind === 'response' ? answer.status : null;

    switch (verdict.kind) {
      case 'synced':
        finish(startedAt, {
          outcome: 'synced',
          state: 'synced',
          counts: true,
          nextAttemptAt: null,
          httpStatus,
          errorCode: null,
          reason: null,
          remoteId: verdict.remoteId,
          remoteBody: verdict.remoteBody,
        });
        return 'synced';
      case 'conflict':
        finish(startedAt, {
          outcome: 'conflict',
          state: 'conflict',
          counts: true,
          nextAttemptAt: null,
          httpStatus,
          errorCode: verdict.code,
          reason: verdict.reason,
        });
        throw new AbortError(new Ended('conflict'));
      case 'pause':
        // No retry is spent on a refused key: the sale waits, due, for the queue to resume.
        finish(startedAt, {
          outcome: 'paused',
          state: 'pending',
          counts: false,
          nextAttemptAt: now,
          httpStatus,
          errorCode: verdict.code,
          reason: verdict.reason,
        });
        throw new AbortError(new Ended('paused'));
      case 'unexpected':
      case 'retry': {
        failures += 1;
        if (verdict.kind === 'unexpected' && failures >= tuning.maxUnexpectedAttempts) {
          const reason = `${verdict.reason} (gave up after ${failures} attempts at an unexpected answer)`;
          finish(startedAt, {
            outcome: 'conflict',
            state: 'conflict',
            counts: true,
            nextAttemptAt: null,
            httpStatus,
            errorCode: verdict.code,
            reason,
          });
          throw new AbortError(new Ended('conflict'));
        }
        // Never sooner than the server asks, and never sooner than our own backoff either,
        // so a server saying "Retry-After: 0" forever is not hammered.
        const backoff = fullJitterDelay(
          failures,
          tuning.backoffBaseMs,
          tuning.backoffCapMs,
          context.random,
        );
        const delayMs = Math.max(verdict.retryAfterMs ?? 0, backoff);
        // Still ours (sending) while we wait in place; the next time is on disk regardless.
        finish(startedAt, {
          outcome: 'retry',
          state: 'sending',
          counts: true,
          nextAttemptAt: now + delayMs,
          httpStatus,
          errorCode: verdict.code,
          reason: verdict.reason,
        });
        throw new RetryLater(delayMs);
      }
    }
  }

  try {
    return await pRetry(attemptOnce, {
      retries: Number.POSITIVE_INFINITY,
      shouldConsumeRetry: () => false,
      signal: context.signal,
      onFailedAttempt: async ({ error, attemptNumber }) => {
        if (!(error instanceof RetryLater)) throw error;
        const waitHere =
          error.delayMs <= tuning.inlineRetryMaxMs && attemptNumber < MAX_TRIES_IN_PLACE;
        if (!waitHere || context.holding()) throw new Ended('deferred');
        await sleep(error.delayMs, undefined, { signal: context.signal });
      },
    });
  } catch (error) {
    if (error instanceof Ended && error.outcome !== 'deferred') return error.outcome;
    // Deferred, stopped while waiting, or a fault of ours: back to the queue, due at the
    // time on disk. A fault is still thrown, for the engine to log.
    outbox.release(sale.saleId, sale.revision);
    if (error instanceof Ended || context.signal.aborted) {
      return context.signal.aborted ? 'released' : 'deferred';
    }
    throw error;
  }
}
