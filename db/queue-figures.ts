// The queue's figures for the status, in one read: when the next attempt is due, the oldest
// waiting sale, how many are stale, due, sending and in doubt. Apart from the rest of the
// outbox's queries, so that a reader of the status (the CLI, a screen) prepares only this.
import { PENDING_ROWS, QUEUE_ROWS, SENDING_ROWS, UNCERTAIN_ROWS } from './schema.js';
import type { TillDatabase } from './open.js';
import { computed, typedQuery } from './typed-sql.js';

/** The pending rows of the queue that are due: its order comes from the queue's index. */
export const DUE_ROWS = `${QUEUE_ROWS} and ${PENDING_ROWS} and (next_attempt_at is null or next_attempt_at <= @dueBefore or next_attempt_at > @farAhead)`;

const figureColumns = {
  nextAttemptAt: computed<
    number | null
  >(`(select min(case when next_attempt_at > @farAhead then @now else next_attempt_at end)
        from outbox where ${PENDING_ROWS})`),
  oldestPendingAt: computed<number | null>(
    `(select min(created_at) from outbox where ${QUEUE_ROWS})`,
  ),
  stale: computed<number>(
    `(select count(*) from outbox where ${QUEUE_ROWS} and created_at < @staleBefore)`,
  ),
  due: computed<number>(`(select count(*) from outbox where ${DUE_ROWS})`),
  sending: computed<number>(`(select count(*) from outbox where ${SENDING_ROWS})`),
  uncertain: computed<number>(`(select count(*) from outbox where ${UNCERTAIN_ROWS})`),
};

export function createQueueFigures({ sqlite }: TillDatabase) {
  const figures = typedQuery<
    typeof figureColumns,
    { now: number; farAhead: number; dueBefore: number; staleBefore: number }
  >(sqlite, figureColumns, (list) => `select ${list}`);
  return {
    /** `farAhead`: a next attempt later than this was written by a clock now corrected. */
    figures: (now: number, farAhead: number, staleAfterMs: number) =>
      figures.get({ now, farAhead, dueBefore: now, staleBefore: now - staleAfterMs })!,
  };
}

export type QueueFigures = ReturnType<typeof createQueueFigures>;
