// Backups of the till's database: an online, consistent copy through SQLite's backup API
// (safe while the app or daemon keeps writing), verified before it is called a backup.
import { renameSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { checkIntegrity } from './integrity.js';
import { BUSY_TIMEOUT_MS } from './sqlite-file.js';
import { messageOf } from '../domain/errors.js';

export interface BackupCheck {
  file: string;
  sales: number;
  schemaVersion: number;
  bytes: number;
}

export class BackupError extends Error {}

const PAGES_PER_STEP = 256;
const MAX_RESTARTS = 3;

/** A time as it goes in a file name: 20261121T071500Z (UTC, sorts by time). */
export const fileStamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Opens a copy read-only and checks it is a sound Tillsync database. */
export function verifyBackup(
  file: string,
  options: { integrityChecked?: boolean } = {},
): BackupCheck {
  let copy: Database.Database | undefined;
  try {
    copy = new Database(file, { readonly: true, fileMustExist: true });
    const check = options.integrityChecked
      ? 'ok'
      : copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} is damaged (${String(check)})`);
    const sales = copy.prepare<[], number>('select count(*) from sales').pluck().get() ?? 0;
    const schemaVersion = Number(copy.pragma('user_version', { simple: true }));
    return { file, sales, schemaVersion, bytes: statSync(file).size };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a readable Tillsync database: ${messageOf(error)}`);
  } finally {
    copy?.close();
  }
}

/**
 * Copies `source` to `target`, page by page, reporting progress (0 to 1). The copy is
 * written beside the target and renamed into place only once verified.
 */
export async function backupDatabase(
  source: string,
  target: string,
  onProgress: (done: number) => void = () => {},
): Promise<BackupCheck> {
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const database = new Database(source, {
    readonly: true,
    fileMustExist: true,
    timeout: BUSY_TIMEOUT_MS,
  });
  // A write from another connection (the app or daemon recording a sale) restarts the
  // copy. After a few restarts the rest is copied in one step, which always finishes: it
  // reads one snapshot, and in WAL mode the writers carry on meanwhile.
  let restarts = 0;
  let lastRemaining = Number.POSITIVE_INFINITY;
  try {
    await database.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        if (remainingPages > lastRemaining) restarts += 1;
        lastRemaining = remainingPages;
        onProgress(totalPages === 0 ? 1 : 1 - remainingPages / totalPages);
        return restarts >= MAX_RESTARTS ? totalPages : PAGES_PER_STEP;
      },
    });
    onProgress(1);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`The backup to ${target} failed: ${messageOf(error)}`);
  } finally {
    database.close();
  }
  try {
    // One self-contained file, without a WAL beside it: safe to copy anywhere.
    const copy = new Database(partial);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    // The whole copy is read in a worker, so the till keeps selling during a daily backup.
    const integrity = await checkIntegrity(partial);
    if (!integrity.ok)
      throw new BackupError(`${partial} is damaged (${integrity.problems.join('; ')})`);
    const check = verifyBackup(partial, { integrityChecked: true });
    renameSync(partial, target);
    return { ...check, file: target };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
