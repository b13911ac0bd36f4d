// The sandbox's own SQLite file. synchronous=NORMAL: with WAL, a stored sale and its
// idempotency key still survive a killed process (which the fault tests do); only an OS
// crash could lose the newest commits, which is fine for an emulator and keeps it fast.
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from '../../db/drizzle.js';
import { openSqliteFile } from '../../db/sqlite-file.js';
import * as schema from './schema.js';
import { seedIfEmpty } from './seed.js';

export type SandboxDb = BetterSQLite3Database<typeof schema>;

export interface SandboxDatabase {
  readonly file: string;
  readonly sqlite: Database.Database;
  readonly db: SandboxDb;
  close(): void;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export function openSandboxDatabase(file: string): SandboxDatabase {
  const sqlite = openSqliteFile(file, {
    migrationsFolder: MIGRATIONS_FOLDER,
    kind: 'sandbox database',
    elsewhere: 'pass --db with another file',
    synchronous: 'NORMAL',
  });
  const db = drizzle(sqlite, { schema });
  seedIfEmpty(db);
  return { file, sqlite, db, close: () => sqlite.close() };
}
