// The attempt log: one line per send and per person's action on a sale, written by the
// engine (outcomes), the lease (orphaned sends) and the refused sale actions. One statement,
// prepared once from the schema's columns.
import { desc, eq, inArray } from './drizzle.js';
import type { AttemptLogOutcome } from '../domain/outcomes.js';
import type { TillDatabase } from './open.js';
import { placeholdersOf } from './placeholders.js';
import { sales, syncAttempts } from './schema.js';

export type AttemptEntry = Omit<typeof syncAttempts.$inferInsert, 'id'>;

const OPTIONAL = { httpStatus: null, errorCode: null, reason: null, detail: null };

/** The newest entries of the log with one of these outcomes, newest first, with receipts. */
export function recentAttempts(
  { db }: TillDatabase,
  outcomes: readonly AttemptLogOutcome[],
  count: number,
) {
  return db
    .select({
      receipt: sales.receiptNumber,
      at: syncAttempts.startedAt,
      reason: syncAttempts.reason,
      outcome: syncAttempts.outcome,
    })
    .from(syncAttempts)
    .innerJoin(sales, eq(sales.id, syncAttempts.saleId))
    .where(inArray(syncAttempts.outcome, outcomes))
    .orderBy(desc(syncAttempts.id))
    .limit(count)
    .all();
}

export function prepareAttemptLog({ db }: TillDatabase): (entry: AttemptEntry) => void {
  const p = placeholdersOf<Required<AttemptEntry>>();
  const insert = db
    .insert(syncAttempts)
    .values({
      saleId: p('saleId'),
      revision: p('revision'),
      idempotencyKey: p('idempotencyKey'),
      startedAt: p('startedAt'),
      durationMs: p('durationMs'),
      outcome: p('outcome'),
      httpStatus: p('httpStatus'),
      errorCode: p('errorCode'),
      reason: p('reason'),
      detail: p('detail'),
    })
    .prepare();
  return (entry) => {
    insert.run({ ...OPTIONAL, ...entry });
  };
}
