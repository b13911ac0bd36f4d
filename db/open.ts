// Opening the till's database: the safe open of db/sqlite-file.ts with the till's
// migrations and full durability, wrapped in drizzle with the till's schema.
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from './drizzle.js';
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
 * WAL pages after which a commit copies the WAL back into the database file (SQLite's
 * default is 1,000). A catch-up writes the same few pages (the queue's head, the attempt
 * log's tail) over and over: every 10,000 pages copies each of them once instead of ten
 * times, with a tenth of the fsyncs (bench:sync: about 10 % faster). What SQLite's figure
 * also did, keep the WAL flushed to disk so that the cashier's commit (synchronous=FULL)
 * has little of it to flush, the engine now does in the background (db/wal-flusher.ts).
 * Every connection to a till file uses the same figure.
 */
export const WAL_CHECKPOINT_PAGES = 10_000;

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

/**
 * The page cache of a connection that works through the queue a row at a time (the sync
 * engine's), in KiB. better-sqlite3 builds SQLite with 16,000 KiB per connection, which a
 * catch-up filled page by page with rows it never reads again: about 12 MB of the engine's
 * peak memory on a 100,000-sale backlog (bench:sync:memory). 4,000 KiB still holds what a
 * status read scans on that backlog (as fast as with 16,000; 2,000 made it a third slower),
 * and the file's other pages stay in the operating system's cache.
 */
export const STREAMING_CACHE_KIB = 4000;

/** Caps a connection's page cache (a negative cache_size is in KiB, not pages). */
export function setCacheKib({ sqlite }: TillDatabase, kib: number): void {
  sqlite.pragma(`cache_size = ${-Math.abs(Math.trunc(kib))}`);
}

/** A connection's page cache in KiB, as SQLite reports it. */
export const cacheKibOf = ({ sqlite }: TillDatabase): number =>
  -Number(sqlite.pragma('cache_size', { simple: true }));

/** How long a write waits for another process's lock before it gives up. */
export function setBusyTimeout({ sqlite }: TillDatabase, ms: number): void {
  sqlite.pragma(`busy_timeout = ${ms}`);
}

/** A reader of a number that changes whenever another connection commits to the file. */
export function dataVersionReader({ sqlite }: TillDatabase): () => number {
  const read = sqlite.prepare('pragma data_version').pluck();
  return () => read.get() as number;
}

/** The schema version of an open file: how many migrations it has had. */
export const schemaVersionOf = ({ sqlite }: TillDatabase): number =>
  Number(sqlite.pragma('user_version', { simple: true }));

/** How many migrations this build of the app knows. */
export const knownSchemaVersion = () => migrationCount(MIGRATIONS_FOLDER);
