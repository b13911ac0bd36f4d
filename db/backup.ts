// Backups of the till's database: an online, consistent copy through SQLite's backup API
// (safe while the app or daemon keeps writing), verified before it is called a backup.
import { renameSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { BUSY_TIMEOUT_MS } from './sqlite-file.js';

export interface BackupCheck {
  file: string;
  sales: number;
  schemaVersion: number;
  bytes: number;
}

export class BackupError extends Error {}

/** Opens a copy read-only and checks it is a sound Tillsync database. */
export function verifyBackup(file: string): BackupCheck {
  let copy: Database.Database | undefined;
  try {
    copy = new Database(file, { readonly: true, fileMustExist: true });
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} is damaged (${String(check)})`);
    const sales = (copy.prepare('select count(*) as n from sales').get() as { n: number }).n;
    const schemaVersion = Number(copy.pragma('user_version', { simple: true }));
    return { file, sales, schemaVersion, bytes: statSync(file).size };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${file} is not a readable Tillsync database: ${(error as Error).message}`,
    );
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
  const database = new Database(source, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    await database.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        onProgress(totalPages === 0 ? 1 : 1 - remainingPages / totalPages);
        return 200;
      },
    });
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`The backup to ${target} failed: ${(error as Error).message}`);
  } finally {
    database.close();
  }
  try {
    const check = verifyBackup(partial);
    renameSync(partial, target);
    return { ...check, file: target };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
