// The sync engine's shared state row: the authorization pause, resync requests, the last
// success and error, what the engine learned about the platform and the clock, and its
// own storage problems. (The sending lease in the same row is db/lease.ts's.)
import { getTableColumns } from './drizzle.js';
import type { TillDatabase } from './open.js';
import { syncState } from './schema.js';
import { typedQuery, type RowOf } from './typed-sql.js';

const { id: _id, updatedAt: _updatedAt, ...columns } = getTableColumns(syncState);
export type SyncStateRow = RowOf<typeof columns>;

/** The lease is written by db/lease.ts only. */
type WritableField = Exclude<keyof SyncStateRow, 'leaseOwner' | 'leaseExpiresAt' | 'leaseEpoch'>;

const columnName = (field: string): string =>
  Object.entries(columns).find(([key]) => key === field)![1].name;

export function createSyncState({ sqlite }: TillDatabase, now: () => number = Date.now) {
  const read = typedQuery(sqlite, columns, (list) => `select ${list} from sync_state where id = 1`);
  const updates = new Map<string, ReturnType<typeof sqlite.prepare>>();

  function update(fields: Partial<Pick<SyncStateRow, WritableField>>): void {
    const names = Object.keys(fields).filter((name) => name in columns);
    if (names.length === 0) return;
    const signature = names.join(',');
    let statement = updates.get(signature);
    if (!statement) {
      const sets = names.map((name) => `${columnName(name)} = @${name}`).join(', ');
      statement = sqlite.prepare(
        `update sync_state set ${sets}, updated_at = @updatedAt where id = 1`,
      );
      updates.set(signature, statement);
    }
    statement.run({ ...fields, updatedAt: now() });
  }

  /** The one row always exists (the first migration writes it). */
  return { read: (): SyncStateRow => read.get()!, update };
}

export type SyncState = ReturnType<typeof createSyncState>;
