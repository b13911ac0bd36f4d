// drizzle-orm, loaded once from its CommonJS build; every file takes drizzle from here.
// Why not `import ... from 'drizzle-orm'`: Node 24's ES module loader parses the package.json
// of a module's package again for every module it loads, and drizzle-orm's is 175 KB (447
// entry points): loading its 112 ES modules took about 200 ms and made the peak memory of
// every start 170 to 270 MB larger (README, "How it is built"). The CommonJS loader parses
// the file once. The types are the ES build's: both builds declare the same API.
import { createRequire } from 'node:module';
import type * as Core from 'drizzle-orm';
import type * as BetterSqlite3 from 'drizzle-orm/better-sqlite3';
import type * as Migrator from 'drizzle-orm/migrator';
import type * as SqliteCore from 'drizzle-orm/sqlite-core';

const load = createRequire(import.meta.url);

export const {
  and,
  asc,
  desc,
  eq,
  exists,
  getTableColumns,
  getTableName,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  max,
  notExists,
  or,
  sql,
} = load('drizzle-orm') as typeof Core;
export type { Column, SQL } from 'drizzle-orm';

export const { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } = load(
  'drizzle-orm/sqlite-core',
) as typeof SqliteCore;
export type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

export const { drizzle } = load('drizzle-orm/better-sqlite3') as typeof BetterSqlite3;
export type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';

export const { readMigrationFiles } = load('drizzle-orm/migrator') as typeof Migrator;
