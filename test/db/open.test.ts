import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DatabaseFileError, knownSchemaVersion, openDatabase } from '../../db/open.js';
import { tempDir } from '../helpers/temp-dir.js';

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function expectRefused(file: string, problem: string, mention: RegExp) {
  const before = digest(file);
  const folderBefore = readdirSync(join(file, '..')).sort();
  let error: unknown;
  try {
    openDatabase(file);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(DatabaseFileError);
  expect((error as DatabaseFileError).problem).toBe(problem);
  expect((error as Error).message).toContain(file);
  expect((error as Error).message).toMatch(mention);
  expect(digest(file)).toBe(before);
  expect(readdirSync(join(file, '..')).sort()).toEqual(folderBefore);
}

describe('opening the database', () => {
  it('sets WAL, synchronous FULL, foreign keys and a busy timeout on every open', () => {
    const file = join(tempDir(), 'tillsync.db');
    for (let open = 0; open < 2; open++) {
      const database = openDatabase(file);
      const pragma = (name: string) => database.sqlite.pragma(name, { simple: true });
      expect(pragma('journal_mode')).toBe('wal');
      expect(pragma('synchronous')).toBe(2);
      expect(pragma('foreign_keys')).toBe(1);
      expect(pragma('busy_timeout')).toBe(5000);
      expect(pragma('user_version')).toBe(knownSchemaVersion());
      database.close();
    }
  });

  it('creates the data folder when it does not exist', () => {
    const file = join(tempDir(), 'nested', 'folder', 'tillsync.db');
    openDatabase(file).close();
    expect(readdirSync(join(file, '..'))).toContain('tillsync.db');
  });

  it('refuses a file that is not a database, names it, and leaves it untouched', () => {
    const file = join(tempDir(), 'tillsync.db');
    writeFileSync(file, "these are the shop owner's notes, not a database\n".repeat(100));
    expectRefused(file, 'not_a_database', /not a Tillsync database/);
  });

  it('refuses a damaged database and leaves it untouched', () => {
    const file = join(tempDir(), 'tillsync.db');
    const database = openDatabase(file);
    database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    database.sqlite.pragma('journal_mode = DELETE');
    database.close();
    // Keep the SQLite header, overwrite the pages that hold the schema and tables.
    const bytes = readFileSync(file);
    for (let i = 100; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    writeFileSync(file, bytes);
    expectRefused(file, 'corrupt', /damaged/);
  });

  it('refuses a database written by a newer version of the app', () => {
    const file = join(tempDir(), 'tillsync.db');
    openDatabase(file).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${knownSchemaVersion() + 1}`);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    expectRefused(file, 'newer_schema', /newer version of Tillsync/);
  });

  it('lets two processes open a new file at the same moment', async () => {
    const file = join(tempDir(), 'tillsync.db');
    const { spawn } = await import('node:child_process');
    const script = `import { openDatabase } from ${JSON.stringify(new URL('../../db/open.ts', import.meta.url).pathname)};
      openDatabase(process.argv[1]).close(); console.log('opened');`;
    const runs = Array.from(
      { length: 4 },
      () =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, [
            '--import',
            'tsx',
            '--input-type=module',
            '-e',
            script,
            file,
          ]);
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('close', () => resolve(output.trim()));
        }),
    );
    expect(await Promise.all(runs)).toEqual(['opened', 'opened', 'opened', 'opened']);
  });
});
