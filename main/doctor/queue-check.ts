// The queue of sales and who works on it: what waits and since when, what is refused,
// whether sync is paused, whether any Tillsync process is running to send, the last
// errors (from the attempt log and the log file), and the daily backups.
import { recentAttempts } from '../../db/attempt-log.js';
import type { Store } from '../../db/store.js';
import { FAILED_SENDS } from '../../domain/outcomes.js';
import { waitingOf, type SyncStatus } from '../../domain/sync-status.js';
import { said } from '../../domain/i18n/said.js';
import { latestBackup } from '../housekeeping/daily-backups.js';
import { runningProcesses } from '../agent/running.js';
import type { AgentConfig } from '../config/agent-config.js';
import { formatLogLine } from '../log/format.js';
import { logFile } from '../log/logger.js';
import { lastLines } from '../log/read-logs.js';
import { failed, ok, warn, type Check } from './check.js';
import { duration } from '../../domain/views/status-view.js';
import { checkLink } from './link-check.js';

const SERVICE_FIX = said('cli.doctor.serviceFix');

/** The last error lines of the agent's log, readable. */
function logErrors(dataDir: string, count: number): string[] {
  return lastLines(logFile(dataDir), 2000)
    .filter((line) => /"level":(50|60)\b/.test(line))
    .slice(-count)
    .map(formatLogLine);
}

/** The queue's checks, from the status `tillsync status` prints (read once by the doctor). */
export function checkQueue(
  /** The data folder: its running markers and log, whatever the mode. */
  dataDir: string,
  /** The till's store, and its folder, where the daily backups are kept. */
  till: { store: Store; folder: string },
  /** The status as `tillsync status` reads it (read once by the doctor). */
  status: SyncStatus,
  config: AgentConfig,
  now = Date.now(),
): Check[] {
  const { store } = till;
  const { counts } = status;
  const running = runningProcesses(dataDir);
  const waiting = waitingOf(counts);
  const checks: Check[] = [
    ok(
      'queue',
      said('cli.doctor.queueCounts', {
        waiting,
        synced: counts.synced,
        refused: counts.refused,
        discarded: counts.discarded,
      }),
    ),
  ];

  checks.push(...checkLink(status, now));
  if (status.stale > 0 && status.oldestPendingAgeMs !== null)
    checks.push(
      failed(
        'waiting sales',
        said('cli.doctor.stale', {
          count: status.stale,
          limit: duration(config.sync.staleAfterMs),
          oldest: duration(status.oldestPendingAgeMs),
        }),
        running.length === 0 ? SERVICE_FIX : said('cli.doctor.staleFix'),
      ),
    );
  else if (status.oldestPendingAgeMs !== null)
    checks.push(
      ok(
        'waiting sales',
        said('cli.doctor.oldestWaiting', { age: duration(status.oldestPendingAgeMs) }),
      ),
    );
  if (counts.refused > 0)
    checks.push(
      warn(
        'refused sales',
        said('cli.doctor.refused', { count: counts.refused }),
        said('cli.doctor.refusedFix'),
      ),
    );

  if (status.uncertain > 0)
    checks.push(
      warn(
        'uncertain sales',
        said('cli.doctor.uncertain', {
          count: status.uncertain,
          honoured: String(status.keysHonoured),
        }),
        said('cli.doctor.uncertainFix'),
      ),
    );
  if (status.storageProblem)
    checks.push(
      failed(
        'sync storage',
        said('cli.doctor.storage', { problem: status.storageProblem.message }),
        said('cli.doctor.storageFix'),
      ),
    );
  if (status.clockStep)
    checks.push(
      warn(
        'clock',
        said('cli.doctor.clockStep', {
          step: duration(Math.abs(status.clockStep.ms)),
          ago: duration(Math.max(0, now - status.clockStep.at)),
        }),
        said('cli.doctor.clockFix'),
      ),
    );

  const who = running.map((p) => `${p.kind} (pid ${p.pid})`).join(', ');
  if (running.length > 0) checks.push(ok('running', said('cli.doctor.running', { who })));
  else if (waiting > 0)
    checks.push(warn('running', said('cli.doctor.notRunning', { count: waiting }), SERVICE_FIX));
  else checks.push(ok('running', said('cli.doctor.notRunningIdle')));

  const failures = recentAttempts(store.database, FAILED_SENDS, 3);
  const logged = logErrors(dataDir, 3);
  const lines = [
    ...failures.map(
      (f) =>
        `#${f.receipt} ${duration(now - f.at)} ago: ${f.outcome}, ${f.reason ?? 'no reason given'}`,
    ),
    ...logged.map((line) => `log: ${line}`),
  ];
  const failingNow =
    status.lastError !== null &&
    status.lastError.at !== null &&
    (status.lastSuccessAt === null || status.lastError.at > status.lastSuccessAt);
  // The attempts' and the log's own lines stay as recorded (the log is English).
  const recorded = lines.length > 0 ? lines.join('\n') : 'none';
  checks.push(
    failingNow
      ? warn(
          'last errors',
          said('cli.doctor.lastAttemptFailed', { message: status.lastError!.message, recorded }),
          said('cli.doctor.lastErrorsFix'),
        )
      : ok('last errors', said('cli.doctor.lastErrors', { recorded })),
  );

  const keep = store.settings.read().backupsKept;
  const latest = latestBackup(till.folder);
  if (keep === 0)
    checks.push(warn('backups', said('cli.doctor.backupsOff'), said('cli.doctor.backupsOffFix')));
  else if (!latest || now - latest.at > 2 * 86_400_000)
    checks.push(
      warn(
        'backups',
        latest
          ? said('cli.doctor.backupOld', { age: duration(now - latest.at) })
          : said('cli.doctor.noBackup'),
        said('cli.doctor.backupFix'),
      ),
    );
  else
    checks.push(
      ok(
        'backups',
        said('cli.doctor.backupRecent', { age: duration(now - latest.at), file: latest.file }),
      ),
    );
  return checks;
}
