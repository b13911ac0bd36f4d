// The till's database: can it be opened, is it intact, how big, and is there room to grow.
import { existsSync, statfsSync, statSync } from 'node:fs';
import { checkIntegrity, type IntegrityProgress } from '../../db/integrity.js';
import { DatabaseFileError, schemaVersionOf } from '../../db/open.js';
import { openStore, type Store } from '../../db/store.js';
import type { TillStore } from '../config/till-store.js';
import { latestBackup } from '../housekeeping/daily-backups.js';
import { failed, ok, warn, type Check } from './check.js';

const MB = 1_048_576;
const LOW_SPACE_BYTES = 200 * MB;
const NO_SPACE_BYTES = 20 * MB;

const megabytes = (bytes: number) =>
  bytes >= 10 * 1024 * MB
    ? `${Math.round(bytes / (1024 * MB))} GB`
    : `${(bytes / MB).toFixed(1)} MB`;

/** The daily backups are kept beside the till's store, in its folder. */
function restoreFix(tillFolder: string): string {
  const latest = latestBackup(tillFolder);
  return latest
    ? `Stop Tillsync, then run \`tillsync restore ${latest.file}\` (the damaged file is kept).`
    : 'Copy the data folder aside for support; there is no daily backup to restore.';
}

export function checkDiskSpace(dataDir: string): Check {
  if (!existsSync(dataDir))
    return failed(
      'data folder',
      `The data folder ${dataDir} does not exist.`,
      'Check --data-dir or TILLSYNC_DATA_DIR; the app and daemon make it when they first start.',
    );
  const stats = statfsSync(dataDir);
  const free = stats.bavail * stats.bsize;
  const detail = `${megabytes(free)} free in ${dataDir}.`;
  const fix = 'Free some space on this disk: when it is full, the till cannot save sales.';
  if (free < NO_SPACE_BYTES) return failed('disk space', detail, fix);
  if (free < LOW_SPACE_BYTES) return warn('disk space', detail, fix);
  return ok('disk space', detail);
}

/**
 * The checks of the till's store, and the store when it opened (for the queue checks; the
 * caller closes it). The whole file is read, table by table, in a worker: `onProgress`
 * follows it.
 */
export async function checkDatabase(
  till: Pick<TillStore, 'folder' | 'databaseFile'>,
  onProgress?: (progress: IntegrityProgress) => void,
): Promise<{ checks: Check[]; store?: Store }> {
  const file = till.databaseFile;
  if (!existsSync(file))
    return {
      checks: [
        warn(
          'database',
          `There is no database at ${file} yet.`,
          'Start the app or `tillsync daemon` once, or check --data-dir / TILLSYNC_DATA_DIR.',
        ),
      ],
    };
  let store: Store;
  try {
    store = openStore(file);
  } catch (error) {
    if (!(error instanceof DatabaseFileError)) throw error;
    const fix =
      error.problem === 'corrupt'
        ? restoreFix(till.folder)
        : error.problem === 'newer_schema'
          ? 'Update Tillsync to the version that wrote this database.'
          : 'Check that this user may read and write the data folder, and that the disk is not read-only.';
    return { checks: [failed('database', error.message, fix)] };
  }
  const integrity = await checkIntegrity(file, onProgress);
  if (!integrity.ok) {
    return {
      checks: [
        failed(
          'database',
          `${file} is damaged: ${integrity.problems.join('; ')}.`,
          restoreFix(till.folder),
        ),
      ],
      store,
    };
  }
  const size = statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
  const schema = schemaVersionOf(store.database);
  return {
    checks: [ok('database', `${file}: intact, schema ${schema}, ${megabytes(size)}.`)],
    store,
  };
}
