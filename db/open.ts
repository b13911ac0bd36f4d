// Opening the till's database: the safe open of db/sqlite-file.ts with the till's
// migrations and full durability, wrapped in drizzle with the till's schema.
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema.js';
import { migrationCount, openSqliteFile } from './sqlite-file.js';

export { DatabaseFileError, type DatabaseFileProblem } from './sqlite-file.js';

export type Db = BetterSQLite3Database<typeof schema>;

export interface TillDatabase {
  readonly file: string;
  readonly sqlite: Database.Database;
  readonly db: Db;
  close(): void;
}

/**
 * WAL pages after which a commit copies the WAL back into the database file: SQLite's own
 * 1,000, on purpose. A larger figure (10,000) made a catch-up about 10 % faster, but the
 * cashier's commit (synchronous=FULL) then had to flush to disk everything the engine had
 * written since its last checkpoint: while a backlog drained, recording a sale went from
 * a p95 of 11 to 22 ms to 27 to 33 ms (bench:catchup), over its 25 ms target.
 */
export const WAL_CHECKPOINT_PAGES = 1000;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens (creating if needed) a till database file, migrated to this app's schema.
 * FULL durability by default: a recorded sale must survive power loss. The sync engine
 * opens its own connection with NORMAL (see main/sync/engine.ts for why that is safe).
 */
export function openDatabase(
  file: string,
  options: { synchronous?: 'FULL' | 'NORMAL'; busyTimeoutMs?: number } = {},
): TillDatabase {
  const sqlite = openSqliteFile(file, {
    migrationsFolder: MIGRATIONS_FOLDER,
    kind: 'Tillsync database',
    elsewhere: 'point TILLSYNC_DATA_DIR at another folder',
    synchronous: options.synchronous ?? 'FULL',
    busyTimeoutMs: options.busyTimeoutMs,
  });
  sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  const db = drizzle(sqlite, { schema });
  return { file, sqlite, db, close: () => sqlite.close() };
}

/** How many migrations this build of the app knows. */
export const knownSchemaVersion = () => migrationCount(MIGRATIONS_FOLDER);
