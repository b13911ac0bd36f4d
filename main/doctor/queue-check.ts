// The queue of sales and who works on it: what waits and since when, what is refused,
// whether sync is paused, whether any Tillsync process is running to send, the last
// errors (from the attempt log and the log file), and the daily backups.
import { recentAttempts } from '../../db/attempt-log.js';
import type { Store } from '../../db/store.js';
import { FAILED_SENDS } from '../../domain/outcomes.js';
import { waitingOf, type SyncStatus } from '../../domain/sync-status.js';
import { plural } from '../../domain/words.js';
import { latestBackup } from '../housekeeping/daily-backups.js';
import { runningProcesses } from '../agent/running.js';
import type { AgentConfig } from '../config/agent-config.js';
import { formatLogLine } from '../log/format.js';
import { logFile } from '../log/logger.js';
import { lastLines } from '../log/read-logs.js';
import { failed, ok, warn, type Check } from './check.js';
import { duration } from '../../domain/views/status-view.js';
import { checkLink } from './link-check.js';

const SERVICE_FIX =
  'Start the app, or run `tillsync daemon` as a service (see `tillsync service print`), so sales are sent in the background.';

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
      `${waiting} waiting, ${counts.synced} synced, ${counts.refused} refused, ${counts.discarded} discarded.`,
    ),
  ];

  checks.push(...checkLink(status, now));
  if (status.stale > 0 && status.oldestPendingAgeMs !== null)
    checks.push(
      failed(
        'waiting sales',
        `${plural(status.stale, 'sale has', 'sales have')} waited more than ${duration(config.sync.staleAfterMs)}; the oldest for ${duration(status.oldestPendingAgeMs)}.`,
        running.length === 0
          ? SERVICE_FIX
          : 'See the errors below and `tillsync logs`; `tillsync resync` tries them all now.',
      ),
    );
  else if (status.oldestPendingAgeMs !== null)
    checks.push(
      ok(
        'waiting sales',
        `The oldest waiting sale was recorded ${duration(status.oldestPendingAgeMs)} ago.`,
      ),
    );
  if (counts.refused > 0)
    checks.push(
      warn(
        'refused sales',
        `${plural(counts.refused, 'sale was', 'sales were')} refused by the platform and ${counts.refused === 1 ? 'waits' : 'wait'} for a person.`,
        'Fix or discard them on the Sync screen, or with `tillsync refused`.',
      ),
    );

  if (status.uncertain > 0)
    checks.push(
      warn(
        'uncertain sales',
        `${plural(status.uncertain, 'sale was', 'sales were')} sent without an answer and may already be on the platform` +
          (status.keysHonoured
            ? ' (it honours idempotency keys: a resend is never doubled).'
            : ', twice if sent again (the platform is not known to honour idempotency keys).'),
        'List them with `tillsync refused --uncertain` and look each one up on the platform.',
      ),
    );
  if (status.storageProblem)
    checks.push(
      failed(
        'sync storage',
        `The sync engine could not write to the database: ${status.storageProblem.message}.`,
        'Free disk space, or check that the data folder can be written.',
      ),
    );
  if (status.clockStep)
    checks.push(
      warn(
        'clock',
        `This till's clock jumped by ${duration(Math.abs(status.clockStep.ms))} ${duration(Math.max(0, now - status.clockStep.at))} ago.`,
        "Check the till's date, time and time zone; sync itself waits by a steady clock.",
      ),
    );

  const who = running.map((p) => `${p.kind} (pid ${p.pid})`).join(', ');
  if (running.length > 0) checks.push(ok('running', `Tillsync is running: ${who}.`));
  else if (waiting > 0)
    checks.push(
      warn(
        'running',
        `No Tillsync process is running, and ${plural(waiting, 'sale waits', 'sales wait')} to be sent.`,
        SERVICE_FIX,
      ),
    );
  else checks.push(ok('running', 'No Tillsync process is running; nothing waits to be sent.'));

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
  const detail = lines.length > 0 ? `Last errors:\n${lines.join('\n')}` : 'No errors recorded.';
  checks.push(
    failingNow
      ? warn(
          'last errors',
          `The last attempt failed: ${status.lastError!.message}\n${detail}`,
          'Sales are retried on their own; if this goes on, see `tillsync logs` and the checks above.',
        )
      : ok('last errors', detail),
  );

  const keep = store.settings.read().backupsKept;
  const latest = latestBackup(till.folder);
  if (keep === 0)
    checks.push(
      warn(
        'backups',
        'Daily backups are turned off.',
        'Turn them on with `tillsync settings set --backups-kept 7`, or back up with `tillsync backup`.',
      ),
    );
  else if (!latest || now - latest.at > 2 * 86_400_000)
    checks.push(
      warn(
        'backups',
        latest
          ? `The last daily backup is ${duration(now - latest.at)} old.`
          : 'There is no daily backup yet.',
        'Daily backups are made while the app or daemon runs; `tillsync backup FILE` makes one now.',
      ),
    );
  else
    checks.push(
      ok('backups', `Last daily backup ${duration(now - latest.at)} ago: ${latest.file}.`),
    );
  return checks;
}
