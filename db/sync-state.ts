// The sync engine's shared state row: the authorization pause, resync requests, the last
// success and error, what the engine learned about the platform and the clock, and its
// own storage problems. (The sending lease in the same row is db/lease.ts's.)
import { eq, getTableColumns, type SQL } from './drizzle.js';
import type { TillDatabase } from './open.js';
import { placeholdersOf } from './placeholders.js';
import { syncState } from './schema.js';
import { typedQuery, type RowOf } from './typed-sql.js';

const { id: _id, updatedAt: _updatedAt, ...columns } = getTableColumns(syncState);
export type SyncStateRow = RowOf<typeof columns>;

/** The lease is written by db/lease.ts only. */
type WritableField = Exclude<keyof SyncStateRow, 'leaseOwner' | 'leaseExpiresAt' | 'leaseEpoch'>;
type Fields = Partial<Pick<SyncStateRow, WritableField>>;

const at = placeholdersOf<Fields & { updatedAt: number }>();

export function createSyncState(database: TillDatabase, now: () => number = Date.now) {
  const { db, sqlite } = database;
  const read = typedQuery(sqlite, columns, (list) => `select ${list} from sync_state where id = 1`);
  /** One statement per set of fields written together, prepared the first time. */
  function statementFor(fields: WritableField[]) {
    const set: Partial<Record<WritableField | 'updatedAt', SQL>> = { updatedAt: at('updatedAt') };
    for (const field of fields) set[field] = at(field);
    return db.update(syncState).set(set).where(eq(syncState.id, 1)).prepare();
  }
  const updates = new Map<string, ReturnType<typeof statementFor>>();

  function update(fields: Fields): void {
    const names = Object.keys(fields).filter((name): name is WritableField => name in columns);
    if (names.length === 0) return;
    const signature = names.join(',');
    let statement = updates.get(signature);
    if (!statement) {
      statement = statementFor(names);
      updates.set(signature, statement);
    }
    statement.run({ ...fields, updatedAt: now() });
  }

  /** The one row always exists (the first migration writes it). */
  return { read: (): SyncStateRow => read.get()!, update };
}

export type SyncState = ReturnType<typeof createSyncState>;
