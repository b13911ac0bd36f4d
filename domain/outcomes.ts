// One vocabulary for what happens to a sale on its way to the platform: what an answer
// means, what the delivery decision makes of it, what the attempt log records and what a
// drain reports. The names are shared (a refused sale is `refused` in every list) and each
// mapping between the lists is written here once; docs/glossary.md defines every word.
import type { OutboxState } from './sale-states.js';

/** What one answer of the platform means (main/sync/classify.ts). */
export const ANSWER_VERDICTS = ['synced', 'retry', 'refused', 'paused', 'unexpected'] as const;
export type AnswerVerdict = (typeof ANSWER_VERDICTS)[number];

/**
 * What the delivery decision makes of one attempt (main/sync/decide.ts): a verdict, with an
 * `unexpected` answer made `retry` or `refused` by the policy, plus `released` (given back
 * unsent) and `unanswered` (sent, no answer: it may be stored).
 */
export const DECISION_OUTCOMES = [
  'synced',
  'retry',
  'refused',
  'paused',
  'released',
  'unanswered',
] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

/** The states a decision can leave a sale in (only a person discards or voids a sale). */
export type DecidedState = Exclude<OutboxState, 'discarded' | 'voided'>;

/**
 * The words of the attempt log: a decision's outcome; `fenced` (answered after another
 * sender took the sale) and `orphaned` (its sender stopped while it was on the wire); and a
 * person's action on a sale: `retried`, `edited`, `discarded` (a refused sale), `voided`.
 */
export const ATTEMPT_LOG_OUTCOMES = [
  ...DECISION_OUTCOMES,
  'fenced',
  'orphaned',
  'retried',
  'edited',
  'discarded',
  'voided',
] as const;
export type AttemptLogOutcome = (typeof ATTEMPT_LOG_OUTCOMES)[number];

/** The attempt-log outcomes that are a failed send (the doctor's recent failures). */
export const FAILED_SENDS: readonly AttemptLogOutcome[] = [
  'retry',
  'unanswered',
  'refused',
  'paused',
  'orphaned',
];

/**
 * The attempt-log outcomes of a request that went to the platform, or may have: after one,
 * a sale may be there, so it can no longer be voided.
 */
export const SENT_OUTCOMES: readonly AttemptLogOutcome[] = [
  'synced',
  'retry',
  'refused',
  'paused',
  'unanswered',
  'fenced',
  'orphaned',
];

/**
 * The error code of a sale parked because it may already be on the platform: the decision
 * parks it, a taken lease parks one left on the wire, and keys found honoured unpark it.
 */
export const PARKED_UNCERTAIN = 'uncertain';

/** Where a sale ended up after a drain took it: `requeued` = back in the queue for later. */
export const DELIVERY_OUTCOMES = ['synced', 'refused', 'paused', 'requeued', 'released'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** A decision's outcome, counted as what it means for the sale. */
export const DELIVERY_OF_DECISION: Record<DecisionOutcome, DeliveryOutcome> = {
  synced: 'synced',
  refused: 'refused',
  paused: 'paused',
  released: 'released',
  retry: 'requeued',
  unanswered: 'requeued',
};

/** Why a drain sent nothing. */
export const SKIP_REASONS = [
  'not_configured',
  'paused',
  'offline',
  'lease_held',
  'stopping',
  'storage',
  'throttled',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
