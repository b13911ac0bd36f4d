// Archiving: synced and discarded sales older than the setting move from the till's
// database to yearly archive files in <data>/archive (each a Tillsync database of the same
// schema), so the work a till does every day costs the same in year three as on day one.
// Sales still pending, sending, refused or uncertain never move.
//
// A batch is copied (insert-or-ignore), checked in the archive (counts and totals), and only
// then deleted here, each step its own transaction: a run cut at any point leaves every
// sale in the main file, the archive, or both; never in neither. Readers (db/history.ts)
// take the main file's copy when a sale is in both, and the next run finishes the move.
//
// Batches are small and the main file's WAL is checkpointed before each removal, so a run
// never takes the WAL past the autocheckpoint's size (db/open.ts): a removal can only be
// checkpointed after it commits, and 2,000 sales in one went 13 % past it in a soak run.
// The page caches stay small while moving: a connection's cache is freed when it closes,
// but the process's allocator keeps the memory (moving 39,000 sales left a process's RSS
// 48 MB higher with a 64 MiB cache, for good; 13 MB with 4,000 KiB, a quarter slower).
import { mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { openDatabase, type TillDatabase } from './open.js';
import { codeOf } from '../domain/errors.js';

export const ARCHIVE_FOLDER = 'archive';
/**
 * Sales moved per batch. Their ids are random, so a removal touches leaves all over the
 * indexes: 20 to 1,900 pages of the WAL on files of 6,000 and 40,000 sales, well within
 * the autocheckpoint's 10,000 that the WAL starts from empty for (see moveBatch).
 */
export const ARCHIVE_BATCH = 500;
/** Each page cache (the till file's and the archive's) while moving, in KiB. */
export const ARCHIVE_CACHE_KIB = 4000;
const ARCHIVE_FILE = /^tillsync-archive-(\d{4})\.db$/;

export const archiveFolder = (databaseFile: string) => join(dirname(databaseFile), ARCHIVE_FOLDER);
export const archiveFileName = (year: number) => `tillsync-archive-${year}.db`;
export const yearOfArchive = (file: string) => {
  const match = ARCHIVE_FILE.exec(basename(file));
  return match ? Number(match[1]) : null;
};

/** The months kept on the till by default; older synced sales move to the archive. */
export const DEFAULT_KEEP_MONTHS = 13;

/** The first moment still kept: `months` calendar months before `now` (UTC). */
export function keepFrom(now: number, months: number): number {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.getTime();
}

const ELIGIBLE = `
  from sales s join outbox o on o.sale_id = s.id
  where o.state in ('synced', 'discarded', 'voided') and o.uncertain = 0 and s.created_at < @before`;
const YEAR = `cast(strftime('%Y', s.created_at / 1000, 'unixepoch') as integer)`;

export interface ArchivePlan {
  before: number;
  years: Array<{ year: number; sales: number; file: string }>;
  total: number;
}

export interface ArchiveProgress {
  year: number;
  /** Sales moved so far in this run, and how many the run set out to move. */
  moved: number;
  total: number;
}

/** What a run would move now: sales per year, and the files they go to. */
export function planArchive({ sqlite, file }: TillDatabase, before: number): ArchivePlan {
  const rows = sqlite
    .prepare<[{ before: number }], { year: number; sales: number }>(
      `select ${YEAR} as year, count(*) as sales ${ELIGIBLE} group by year order by year`,
    )
    .all({ before });
  const folder = archiveFolder(file);
  const years = rows.map((row) => ({ ...row, file: join(folder, archiveFileName(row.year)) }));
  return { before, years, total: years.reduce((sum, year) => sum + year.sales, 0) };
}

export class ArchiveCheckError extends Error {}

/**
 * A database made before archiving existed cannot give pages back bit by bit: it is
 * compacted once (VACUUM), which turns that on. Only from `tillsync archive`, never in the
 * app: it holds the database for a while, so a shop owner runs it when the till is closed.
 * Null when it was not needed; busy when another process holds the database.
 */
export function compactForArchive(
  { sqlite }: TillDatabase,
  onStart: () => void,
): 'done' | 'busy' | null {
  if (Number(sqlite.pragma('auto_vacuum', { simple: true })) !== 0) return null;
  onStart();
  try {
    sqlite.pragma('auto_vacuum = INCREMENTAL');
    sqlite.exec('VACUUM');
    return 'done';
  } catch (error) {
    if (codeOf(error) !== 'SQLITE_BUSY') throw error;
    return 'busy';
  }
}

/**
 * Moves every eligible sale older than `before` to its year's archive; returns how many
 * moved. `afterBatch` runs between batches (the agent yields to the till there).
 */
export async function archiveSales(
  database: TillDatabase,
  before: number,
  options: {
    onProgress?: (progress: ArchiveProgress) => void;
    afterBatch?: () => Promise<void>;
    now?: () => number;
    batch?: number;
  } = {},
): Promise<number> {
  const { sqlite } = database;
  const plan = planArchive(database, before);
  let moved = 0;
  const cacheSize = Number(sqlite.pragma('cache_size', { simple: true }));
  sqlite.pragma(`cache_size = ${-ARCHIVE_CACHE_KIB}`);
  try {
    for (const { year, file } of plan.years) {
      moved += await archiveYear(database, before, year, file, {
        ...options,
        onProgress: (inYear) =>
          options.onProgress?.({ year, moved: moved + inYear, total: plan.total }),
      });
    }
  } finally {
    sqlite.pragma(`cache_size = ${cacheSize}`);
  }
  // Pages freed by the move go back to the file system (with auto_vacuum incremental).
  sqlite.pragma('incremental_vacuum');
  return moved;
}

async function archiveYear(
  database: TillDatabase,
  before: number,
  year: number,
  file: string,
  options: {
    onProgress: (movedInYear: number) => void;
    afterBatch?: () => Promise<void>;
    now?: () => number;
    batch?: number;
  },
): Promise<number> {
  const { sqlite } = database;
  mkdirSync(dirname(file), { recursive: true });
  openDatabase(file).close(); // the same schema, by the same migrations (made or updated)
  sqlite.prepare('attach database ? as arc').run(file);
  sqlite.pragma(`arc.cache_size = ${-ARCHIVE_CACHE_KIB}`);
  let moved = 0;
  try {
    // Oldest first along the sales' time index, within the year: each batch reads little
    // more than itself, however many sales the file holds.
    const idsOf = sqlite
      .prepare<[{ from: number; to: number; limit: number }], string>(
        `select s.id from sales s indexed by sales_created_at_idx join outbox o on o.sale_id = s.id
        where s.created_at >= @from and s.created_at < @to
          and o.state in ('synced', 'discarded', 'voided') and o.uncertain = 0
        order by s.created_at limit @limit`,
      )
      .pluck();
    const range = { from: Date.UTC(year, 0, 1), to: Math.min(before, Date.UTC(year + 1, 0, 1)) };
    for (;;) {
      const ids = idsOf.all({ ...range, limit: options.batch ?? ARCHIVE_BATCH });
      if (ids.length === 0) break;
      moveBatch(database, ids, year, (options.now ?? Date.now)());
      moved += ids.length;
      options.onProgress(moved);
      await options.afterBatch?.();
    }
    // What the year's archive holds, counted once per run rather than per batch.
    sqlite
      .prepare('update main.archives set sales = (select count(*) from arc.sales) where year = ?')
      .run(year);
  } finally {
    sqlite.prepare('detach database arc').run();
  }
  return moved;
}

const TABLES_BY_SALE = ['sale_items', 'outbox', 'sync_attempts'] as const;

function moveBatch({ sqlite }: TillDatabase, ids: string[], year: number, at: number) {
  const list = JSON.stringify(ids);
  const inBatch = (column: string) => `${column} in (select value from json_each(@list))`;
  // 1. Copy (a sale copied before a cut is simply copied again: insert or ignore).
  sqlite.transaction(() => {
    sqlite
      .prepare(`insert or ignore into arc.sales select * from main.sales where ${inBatch('id')}`)
      .run({ list });
    for (const table of TABLES_BY_SALE)
      sqlite
        .prepare(
          `insert or ignore into arc.${table} select * from main.${table} where ${inBatch('sale_id')}`,
        )
        .run({ list });
  })();
  // 2. Check the archive holds every sale whole before anything leaves the main file.
  const figures = (schema: string) =>
    sqlite
      .prepare<[{ list: string }], Record<string, number>>(
        `select (select count(*) from ${schema}.sales where ${inBatch('id')}) as sales,
                (select coalesce(sum(total_minor), 0) from ${schema}.sales where ${inBatch('id')}) as total,
                (select count(*) from ${schema}.sale_items where ${inBatch('sale_id')}) as items,
                (select count(*) from ${schema}.outbox where ${inBatch('sale_id')}) as outbox,
                (select coalesce(max(receipt_number), 0) from ${schema}.sales where ${inBatch('id')}) as maxReceipt`,
      )
      .get({ list });
  const here = figures('main');
  const there = figures('arc');
  if (JSON.stringify(here) !== JSON.stringify(there))
    throw new ArchiveCheckError(
      `The archive for ${year} does not hold the sales being moved (${JSON.stringify(there)} there, ${JSON.stringify(here)} here): nothing was removed from the till.`,
    );
  // The WAL holds what the till wrote since the last checkpoint: copy it back first (as
  // far as readers allow), so that the removal starts the WAL again rather than adding to it.
  sqlite.pragma('main.wal_checkpoint(PASSIVE)');
  // 3. Remove them here, and note the year's archive (its highest receipt, for numbering).
  sqlite.transaction(() => {
    for (const table of TABLES_BY_SALE)
      sqlite.prepare(`delete from main.${table} where ${inBatch('sale_id')}`).run({ list });
    sqlite.prepare(`delete from main.sales where ${inBatch('id')}`).run({ list });
    sqlite
      .prepare(
        `insert into main.archives (year, file, sales, max_receipt, updated_at)
         values (@year, @file, 0, @maxReceipt, @at)
         on conflict (year) do update set
           max_receipt = max(max_receipt, @maxReceipt), updated_at = @at`,
      )
      .run({ year, file: archiveFileName(year), maxReceipt: there?.maxReceipt ?? 0, at });
  })();
}
