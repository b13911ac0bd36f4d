// Automatic backups while the agent runs: one a day into <data>/backups, keeping the
// newest few (the till setting backupsKept; 0 turns them off).
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { backupDatabase } from '../../db/backup.js';
import type { Logger } from '../sync/engine.js';

export const BACKUP_EVERY_MS = 24 * 3_600_000;
const NAME = /^tillsync-(\d{8}T\d{6}Z)\.db$/;

export const backupFolder = (dataDir: string) => join(dataDir, 'backups');
const nameFor = (ms: number) =>
  `tillsync-${new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}Z.db`;

function backupsNewestFirst(dataDir: string): string[] {
  try {
    return readdirSync(backupFolder(dataDir))
      .filter((name) => NAME.test(name))
      .sort()
      .reverse();
  } catch {
    return [];
  }
}

const takenAt = (name: string) => {
  const [, s] = NAME.exec(name)!;
  return Date.parse(
    `${s!.slice(0, 4)}-${s!.slice(4, 6)}-${s!.slice(6, 8)}T${s!.slice(9, 11)}:${s!.slice(11, 13)}:${s!.slice(13, 15)}Z`,
  );
};

/** Backs up now when the newest backup is a day old (or there is none), then prunes. */
export async function backupIfDue(
  dataDir: string,
  databaseFile: string,
  keep: number,
  now = Date.now(),
) {
  if (keep <= 0) return undefined;
  const newest = backupsNewestFirst(dataDir)[0];
  if (newest && now - takenAt(newest) < BACKUP_EVERY_MS) return undefined;
  mkdirSync(backupFolder(dataDir), { recursive: true });
  const made = await backupDatabase(databaseFile, join(backupFolder(dataDir), nameFor(now)));
  for (const old of backupsNewestFirst(dataDir).slice(keep))
    rmSync(join(backupFolder(dataDir), old), { force: true });
  return made;
}

export function startDailyBackups(options: {
  dataDir: string;
  databaseFile: string;
  keep: () => number;
  logger?: Logger;
  checkEveryMs?: number;
}) {
  const run = () =>
    backupIfDue(options.dataDir, options.databaseFile, options.keep())
      .then(
        (made) =>
          made &&
          options.logger?.info(
            { backup: made.file, sales: made.sales },
            'Daily backup written and verified',
          ),
      )
      .catch((error: Error) =>
        options.logger?.error(
          { error: error.message },
          'The daily backup failed; it is tried again within the hour',
        ),
      );
  let running = run();
  const timer = setInterval(() => {
    running = running.then(run);
  }, options.checkEveryMs ?? 3_600_000);
  timer.unref();
  /** Stops the schedule; resolves once a backup under way has finished. */
  return async () => {
    clearInterval(timer);
    await running;
  };
}
