// Archiving a large backlog keeps the till file's WAL within the autocheckpoint's size
// (db/open.ts) and its page caches small, on a real SQLite file: a WAL already close to the
// checkpoint point when the run starts must not grow past it (it did by 13 % in a soak run,
// when 2,000 sales were removed in one transaction).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_CACHE_KIB, archiveSales } from '../../db/archive.js';
import { openDatabase, WAL_CHECKPOINT_PAGES, type TillDatabase } from '../../db/open.js';
import { seedSyncedSales } from '../helpers/synced-history.js';
import { tempDir } from '../helpers/temp-dir.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const SALES = 6000;
const WAL_HEADER = 32;
const FRAME_HEADER = 24;

const walBytes = (file: string) => statSync(`${file}-wal`).size;

/** Frames in a WAL written from empty (the file only grows until it is truncated). */
function walFrames({ file, sqlite }: TillDatabase): number {
  const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
  return Math.max(0, (walBytes(file) - WAL_HEADER) / (pageSize + FRAME_HEADER));
}

/** Leaves the WAL `short` frames below the checkpoint point, as a busy till may. */
function fillWal(database: TillDatabase, short: number): void {
  const { sqlite } = database;
  const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.exec('create table filler (b blob)');
  const insert = sqlite.prepare('insert into filler values (zeroblob(?))');
  for (;;) {
    const room = WAL_CHECKPOINT_PAGES - short - walFrames(database);
    if (room < 10) break;
    insert.run(pageSize * Math.min(1000, room - 5));
  }
  sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
}

describe('archiving and the WAL', () => {
  it('moves thousands of sales without taking the WAL past the autocheckpoint size', async () => {
    const file = join(tempDir(), 'tillsync.db');
    seedSyncedSales(file, SALES, NOW - 400 * DAY, NOW - 100 * DAY);
    const database = openDatabase(file);
    try {
      fillWal(database, 40);
      const startFrames = walFrames(database);
      expect(startFrames).toBeGreaterThan(WAL_CHECKPOINT_PAGES - 60);
      const caches: Array<{ main: number; arc: number }> = [];
      const framesAfterBatch: number[] = [];
      const moved = await archiveSales(database, NOW - 30 * DAY, {
        afterBatch: async () => {
          framesAfterBatch.push(walFrames(database));
          caches.push({
            main: Number(database.sqlite.pragma('main.cache_size', { simple: true })),
            arc: Number(database.sqlite.pragma('arc.cache_size', { simple: true })),
          });
        },
      });
      expect(moved).toBe(SALES);
      // The file never shrinks: its size now is the most the WAL ever held.
      expect(walFrames(database)).toBeLessThanOrEqual(WAL_CHECKPOINT_PAGES);
      expect(framesAfterBatch.length).toBeGreaterThan(4); // many removals, each a commit
      expect(
        database.sqlite.prepare('select count(*) from sales').pluck().get(),
        'every sale left the till file',
      ).toBe(0);
      // Both page caches small while moving; the till's own setting back afterwards.
      for (const cache of caches)
        expect(cache).toEqual({ main: -ARCHIVE_CACHE_KIB, arc: -ARCHIVE_CACHE_KIB });
      expect(Number(database.sqlite.pragma('cache_size', { simple: true }))).toBe(-16000);
    } finally {
      database.close();
    }
  }, 60_000);
});
