// The attempt log: one line per send and per person's action on a sale, written by the
// engine (outcomes), the lease (orphaned sends) and the refused sale actions. One statement,
// its columns and parameters taken from the schema.
import { getTableColumns } from './drizzle.js';
import type { Database } from 'better-sqlite3';
import type { AttemptLogOutcome } from '../domain/outcomes.js';
import { sales, syncAttempts } from './schema.js';
import { typedQuery } from './typed-sql.js';

export type AttemptEntry = Omit<typeof syncAttempts.$inferInsert, 'id'>;

const OPTIONAL = { httpStatus: null, errorCode: null, reason: null, detail: null };

const recentColumns = {
  receipt: sales.receiptNumber,
  at: syncAttempts.startedAt,
  reason: syncAttempts.reason,
  outcome: syncAttempts.outcome,
};

/** The newest entries of the log with one of these outcomes, newest first, with receipts. */
export function recentAttempts(
  sqlite: Database,
  outcomes: readonly AttemptLogOutcome[],
  count: number,
) {
  return typedQuery<typeof recentColumns, { count: number }>(
    sqlite,
    recentColumns,
    (list) => `select ${list} from sync_attempts a join sales s on s.id = a.sale_id
        where a.outcome in (${outcomes.map((outcome) => `'${outcome}'`).join(', ')})
        order by a.id desc limit @count`,
    { sales: 's', sync_attempts: 'a' },
  ).all({ count });
}

export function prepareAttemptLog(sqlite: Database): (entry: AttemptEntry) => void {
  const { id: _id, ...columns } = getTableColumns(syncAttempts);
  const keys = Object.keys(columns);
  const names = Object.values(columns).map((column) => column.name);
  const insert = sqlite.prepare<[Required<AttemptEntry>]>(
    `insert into sync_attempts (${names.join(', ')}) values (${keys.map((key) => `@${key}`).join(', ')})`,
  );
  return (entry) => {
    insert.run({ ...OPTIONAL, ...entry });
  };
}
