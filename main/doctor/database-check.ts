// The till's database: can it be opened, is it intact, how big, and is there room to grow.
import { existsSync, statfsSync, statSync } from 'node:fs';
import { checkIntegrity, type IntegrityProgress } from '../../db/integrity.js';
import { DatabaseFileError, schemaVersionOf } from '../../db/open.js';
import { openStore, type Store } from '../../db/store.js';
import type { TillStore } from '../config/till-store.js';
import { latestBackup } from '../housekeeping/daily-backups.js';
import { said } from '../../domain/i18n/said.js';
import { failed, ok, warn, type Check } from './check.js';

const MB = 1_048_576;
const LOW_SPACE_BYTES = 200 * MB;
const NO_SPACE_BYTES = 20 * MB;

const megabytes = (bytes: number) =>
  bytes >= 10 * 1024 * MB
    ? `${Math.round(bytes / (1024 * MB))} GB`
    : `${(bytes / MB).toFixed(1)} MB`;

/** The daily backups are kept beside the till's store, in its folder. */
function restoreFix(tillFolder: string) {
  const latest = latestBackup(tillFolder);
  return latest
    ? said('cli.doctor.restoreFix', { file: latest.file })
    : said('cli.doctor.noBackupToRestore');
}

export function checkDiskSpace(dataDir: string): Check {
  if (!existsSync(dataDir))
    return failed(
      'data folder',
      said('cli.doctor.noDataFolder', { dataDir }),
      said('cli.doctor.noDataFolderFix'),
    );
  const stats = statfsSync(dataDir);
  const free = stats.bavail * stats.bsize;
  const detail = said('cli.doctor.diskFree', { free: megabytes(free), dataDir });
  const fix = said('cli.doctor.diskFix');
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
        warn('database', said('cli.doctor.noDatabase', { file }), said('cli.doctor.noDatabaseFix')),
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
          ? said('cli.doctor.newerSchemaFix')
          : said('cli.doctor.unwritableFix');
    return { checks: [failed('database', error.message, fix)] };
  }
  const integrity = await checkIntegrity(file, onProgress);
  if (!integrity.ok) {
    return {
      checks: [
        failed(
          'database',
          said('cli.doctor.damaged', { file, problems: integrity.problems.join('; ') }),
          restoreFix(till.folder),
        ),
      ],
      store,
    };
  }
  const size = statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
  const schema = schemaVersionOf(store.database);
  return {
    checks: [ok('database', said('cli.doctor.intact', { file, schema, size: megabytes(size) }))],
    store,
  };
}
