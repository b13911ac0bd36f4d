// The attempt log: one line per send and per person's action on a sale, written by the
// engine (outcomes), the lease (orphaned sends) and the conflict actions. One statement,
// its columns and parameters taken from the schema.
import { getTableColumns } from './drizzle.js';
import type { Database } from 'better-sqlite3';
import { syncAttempts } from './schema.js';

export type AttemptEntry = Omit<typeof syncAttempts.$inferInsert, 'id'>;

const OPTIONAL = { httpStatus: null, errorCode: null, reason: null, detail: null };

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
