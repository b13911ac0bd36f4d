// Automatic backups while the agent runs: one a day into <data>/backups, keeping the
// newest few (the till setting backupsKept; 0 turns them off).
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { backupDatabase, fileStamp } from '../../db/backup.js';
import type { Logger } from '../log/log-port.js';

export const BACKUP_EVERY_MS = 24 * 3_600_000;
const NAME = /^tillsync-(\d{8}T\d{6}Z)\.db$/;

export const backupFolder = (dataDir: string) => join(dataDir, 'backups');
const nameFor = (ms: number) => `tillsync-${fileStamp(ms)}.db`;

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

/** The newest backup in <data>/backups, if any. */
export function latestBackup(dataDir: string) {
  const newest = backupsNewestFirst(dataDir)[0];
  if (!newest) return null;
  const file = join(backupFolder(dataDir), newest);
  return { file, at: takenAt(newest), bytes: statSync(file).size };
}

// One backup at a time per folder: "Back up now" pressed while the daily backup runs (in the
// same second, so with the same file name) waits for it instead of sharing its .partial.
const inProgress = new Map<string, Promise<unknown>>();

/** Backs up into <data>/backups now, then keeps only the newest `keep` (at least this one). */
export function backupNow(dataDir: string, databaseFile: string, keep: number, now = Date.now()) {
  const folder = backupFolder(dataDir);
  const previous = inProgress.get(folder) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => backUp(dataDir, databaseFile, keep, now));
  inProgress.set(folder, next);
  void next
    .finally(() => inProgress.get(folder) === next && inProgress.delete(folder))
    .catch(() => undefined);
  return next;
}

async function backUp(dataDir: string, databaseFile: string, keep: number, now: number) {
  mkdirSync(backupFolder(dataDir), { recursive: true });
  const made = await backupDatabase(databaseFile, join(backupFolder(dataDir), nameFor(now)));
  for (const old of backupsNewestFirst(dataDir).slice(Math.max(keep, 1)))
    rmSync(join(backupFolder(dataDir), old), { force: true });
  return { ...made, at: now };
}

/** Backs up when the newest backup is a day old (or there is none); `keep` 0 means never. */
export async function backupIfDue(
  dataDir: string,
  databaseFile: string,
  keep: number,
  now = Date.now(),
) {
  if (keep <= 0) return undefined;
  const newest = latestBackup(dataDir);
  if (newest && now - newest.at < BACKUP_EVERY_MS) return undefined;
  return backupNow(dataDir, databaseFile, keep, now);
}

export function startDailyBackups(options: {
  dataDir: string;
  databaseFile: string;
  keep: () => number;
  logger?: Logger;
  checkEveryMs?: number;
  /** Wall-clock time for "a day old" and the file's name (a soak run's runs faster). */
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const run = () =>
    backupIfDue(options.dataDir, options.databaseFile, options.keep(), now())
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
