// The engine's background WAL flush: runs beside a writer, never throws into it, and
// gives its file back when stopped.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open.js';
import { COMMITS_PER_FLUSH, startWalFlusher } from '../../db/wal-flusher.js';
import { tempDir } from '../helpers/temp-dir.js';

const openFiles = () => readdirSync('/proc/self/fd').length;

describe('the WAL flusher', () => {
  it('flushes beside a writer that keeps committing, then closes its file', async () => {
    const file = join(tempDir(), 'tillsync.db');
    const database = openDatabase(file, { synchronous: 'NORMAL' });
    database.sqlite.exec('create table notes (id integer primary key, text text)');
    const insert = database.sqlite.prepare('insert into notes (text) values (?)');
    const before = openFiles();
    const errors: Error[] = [];
    const flusher = startWalFlusher(file, (error) => errors.push(error));
    expect(openFiles()).toBe(before + 1);
    for (let commit = 0; commit < COMMITS_PER_FLUSH * 3; commit++) {
      insert.run('x'.repeat(500));
      flusher.committed();
      if (commit % 32 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await flusher.stop();
    flusher.committed(); // after a stop: nothing to flush, nothing thrown
    expect(errors).toEqual([]);
    expect(openFiles()).toBe(before);
    expect(database.sqlite.prepare('select count(*) from notes').pluck().get()).toBe(
      COMMITS_PER_FLUSH * 3,
    );
    database.close();
  });

  it('reports a log file it cannot open, and does nothing else', async () => {
    const errors: Error[] = [];
    const flusher = startWalFlusher(join(tempDir(), 'missing.db'), (error) => errors.push(error));
    expect(errors.map((error) => (error as NodeJS.ErrnoException).code)).toEqual(['ENOENT']);
    for (let commit = 0; commit < COMMITS_PER_FLUSH * 2; commit++) flusher.committed();
    await flusher.stop();
    expect(errors).toHaveLength(1);
  });
});
