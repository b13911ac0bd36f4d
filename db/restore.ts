// Putting a backup back. The database it replaces is kept beside it (renamed, with its
// WAL), never deleted: a restore chosen by mistake can itself be undone.
import { existsSync, renameSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import {
  BackupError,
  backupDatabase,
  fileStamp,
  verifyBackup,
  type BackupCheck,
} from './backup.js';
import { knownSchemaVersion } from './open.js';

export interface Restored extends BackupCheck {
  keptAs: string | null;
}

export async function restoreDatabase(
  databaseFile: string,
  backupFile: string,
  now = Date.now(),
): Promise<Restored> {
  if (resolve(databaseFile) === resolve(backupFile))
    throw new BackupError('That is the database itself, not a backup of it.');
  const check = verifyBackup(backupFile);
  if (check.schemaVersion > knownSchemaVersion()) {
    throw new BackupError(
      `${backupFile} was written by a newer version of Tillsync (schema ${check.schemaVersion}): update Tillsync first.`,
    );
  }
  let keptAs: string | null = null;
  if (existsSync(databaseFile)) {
    // Sales committed to the WAL but not yet to the main file must go with it.
    try {
      const current = new Database(databaseFile, { fileMustExist: true });
      current.pragma('wal_checkpoint(TRUNCATE)');
      current.close();
    } catch {
      // A damaged database is kept as it is, WAL and all.
    }
    keptAs = `${databaseFile}.replaced-${fileStamp(now)}`;
    renameSync(databaseFile, keptAs);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(databaseFile + suffix)) renameSync(databaseFile + suffix, keptAs + suffix);
    }
  }
  // Copied through SQLite rather than as bytes: a backup's own WAL, if it has one, comes too.
  const restored = await backupDatabase(backupFile, databaseFile);
  return { ...restored, keptAs };
}
