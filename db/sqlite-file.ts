// Opening an SQLite file safely, for the till's database and the sandbox's alike: refuse
// files that are not SQLite or visibly damaged (without touching them), refuse files
// written by a newer app, set WAL and the requested durability, then apply checked-in
// migrations. Opening never reads the whole file: it costs the same in year three.
import { closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { readMigrationFiles } from './drizzle.js';
import { describeStorageError } from './storage-errors.js';
import { codeOf, messageOf } from '../domain/errors.js';

export type DatabaseFileProblem = 'not_a_database' | 'corrupt' | 'newer_schema' | 'cannot_open';

export class DatabaseFileError extends Error {
  constructor(
    readonly problem: DatabaseFileProblem,
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'DatabaseFileError';
  }
}

export interface SqliteFileOptions {
  migrationsFolder: string;
  /** What the file is, for messages: "Tillsync database". */
  kind: string;
  /** Where else the person could point the app, for messages. */
  elsewhere: string;
  /**
   * FULL for the till: an acknowledged sale survives power loss. NORMAL is still safe
   * against a crashed process (WAL), and is what the sandbox uses.
   */
  synchronous: 'FULL' | 'NORMAL';
  /** How long a write waits for another connection's lock before failing (SQLITE_BUSY). */
  busyTimeoutMs?: number;
}

export const BUSY_TIMEOUT_MS = 5000;
const SQLITE_HEADER = 'SQLite format 3\0';

export function openSqliteFile(file: string, options: SqliteFileOptions): Database.Database {
  mkdirSync(dirname(file), { recursive: true });
  refuseForeignFile(file, options);
  const isNew = !existsSync(file) || statSync(file).size === 0;
  const sqlite = openSqlite(file);
  try {
    // Set before the first table: pages freed by archiving return to the file system.
    if (isNew) sqlite.pragma('auto_vacuum = INCREMENTAL');
    refuseDamagedOrNewer(sqlite, file, options);
    // WAL first, then synchronous: better-sqlite3 lowers synchronous to NORMAL in WAL mode.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`synchronous = ${options.synchronous}`);
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs ?? BUSY_TIMEOUT_MS}`);
    applyMigrations(sqlite, options.migrationsFolder);
  } catch (error) {
    sqlite.close();
    throw asFileError(error, file);
  }
  return sqlite;
}

/**
 * The checked-in migrations of a folder, read once: they are the app's own files, which
 * do not change under it (every open read and hashed them twice, a fifth of opening a file).
 */
const migrationsRead = new Map<string, ReturnType<typeof readMigrationFiles>>();
function migrationsIn(migrationsFolder: string): ReturnType<typeof readMigrationFiles> {
  let migrations = migrationsRead.get(migrationsFolder);
  if (!migrations) {
    migrations = readMigrationFiles({ migrationsFolder });
    migrationsRead.set(migrationsFolder, migrations);
  }
  return migrations;
}

export const migrationCount = (migrationsFolder: string) => migrationsIn(migrationsFolder).length;

function refuseForeignFile(file: string, { kind, elsewhere }: SqliteFileOptions): void {
  if (!existsSync(file) || statSync(file).size === 0) return;
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1') !== SQLITE_HEADER) {
    throw new DatabaseFileError(
      'not_a_database',
      file,
      `${file} is not a ${kind} (it is not an SQLite file). Tillsync left it untouched: ` +
        `move it aside, or ${elsewhere}.`,
    );
  }
}

/**
 * The SQLite native module to load, when it is not the one built for this Node: the
 * desktop app in development loads a copy built for Electron's ABI (npm run desktop:native).
 */
const nativeBinding = () => process.env.TILLSYNC_SQLITE_BINDING || undefined;

function openSqlite(file: string): Database.Database {
  try {
    return new Database(file, { timeout: BUSY_TIMEOUT_MS, nativeBinding: nativeBinding() });
  } catch (error) {
    throw new DatabaseFileError(
      'cannot_open',
      file,
      `Cannot open the database ${file}: ${messageOf(error)}. ` +
        'Check that the folder exists and that this user may read and write it.',
    );
  }
}

function refuseDamagedOrNewer(
  sqlite: Database.Database,
  file: string,
  { migrationsFolder }: SqliteFileOptions,
): void {
  // What opening can check at the same cost at any size: the schema reads, and each
  // table's first page does. The whole file is checked by the daily backup, the weekly
  // check (db/integrity.ts) and the doctor; damage deeper in is found there.
  const tables = sqlite
    .prepare("select name from sqlite_schema where type = 'table' and name not like 'sqlite_%'")
    .pluck()
    .all() as string[];
  // One statement reads them all, table by table (one prepared per table cost more than
  // the reads).
  const firstRows = tables.map((table) => `(select 1 from "${table}" limit 1)`);
  if (firstRows.length > 0) sqlite.prepare(`select ${firstRows.join(', ')}`).get();
  const version = Number(sqlite.pragma('user_version', { simple: true }));
  const known = migrationCount(migrationsFolder);
  if (version > known) {
    throw new DatabaseFileError(
      'newer_schema',
      file,
      `The database ${file} was written by a newer version of Tillsync (schema ${version}, ` +
        `this app knows ${known}). Update Tillsync; the file was left untouched.`,
    );
  }
}

// drizzle's own migrate() reads its progress before it begins its transaction, so an app
// window and a daemon opening a new file at once could both migrate. We apply the same
// checked-in SQL in one IMMEDIATE transaction and keep progress in user_version, which
// also tells us when a file is newer than this app.
function applyMigrations(sqlite: Database.Database, migrationsFolder: string): void {
  const migrations = migrationsIn(migrationsFolder);
  // Up to date (the usual case): no write lock, so opening never waits for a writer.
  if (Number(sqlite.pragma('user_version', { simple: true })) >= migrations.length) return;
  const migrate = sqlite.transaction(() => {
    const applied = Number(sqlite.pragma('user_version', { simple: true }));
    if (applied > migrations.length) return; // refused above; a racing newer app wrote it
    for (const migration of migrations.slice(applied)) {
      for (const statement of migration.sql) {
        if (statement.trim()) sqlite.exec(statement);
      }
    }
    sqlite.pragma(`user_version = ${migrations.length}`);
  });
  migrate.immediate();
}

function asFileError(error: unknown, file: string): Error {
  if (error instanceof DatabaseFileError) return error;
  const code = codeOf(error) ?? '';
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return new DatabaseFileError(
      'corrupt',
      file,
      `The database ${file} is damaged (${messageOf(error)}). Tillsync left it ` +
        'untouched: restore it from a backup, or copy it aside for support.',
    );
  }
  const storage = describeStorageError(error, `Opening the database ${file}`);
  if (storage) return new DatabaseFileError('cannot_open', file, storage.message);
  return error as Error;
}
