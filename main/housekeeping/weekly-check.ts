// The weekly integrity check while the agent runs: the whole database file, read in a
// worker thread (db/integrity.ts) so the till keeps selling, at most once a week. What it
// finds is kept in the sync state, so every status (banner, tray, `tillsync status`)
// shows a damaged file until a later check finds it sound.
import { checkIntegrity } from '../../db/integrity.js';
import type { SyncState } from '../../db/sync-state.js';
import type { Clock, Timers } from '../sync/clock.js';
import type { Logger } from '../log/log-port.js';

export const INTEGRITY_EVERY_MS = 7 * 86_400_000;
const LOOK_EVERY_MS = 3_600_000;

export interface WeeklyCheckOptions {
  databaseFile: string;
  syncState: SyncState;
  clock: Clock;
  timers: Timers;
  logger?: Logger;
  /** The status changed (a check finished). */
  onResult?: () => void;
  lookEveryMs?: number;
}

/** Due when never done, a week old, or stamped in the future (a clock stepped back). */
export function integrityCheckDue(checkedAt: number | null, now: number): boolean {
  return checkedAt === null || now - checkedAt >= INTEGRITY_EVERY_MS || checkedAt > now;
}

export function startWeeklyIntegrityCheck(options: WeeklyCheckOptions) {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer = options.timers.after(0, look, { background: true });

  async function runIfDue(): Promise<void> {
    const { integrityCheckedAt } = options.syncState.read();
    if (!integrityCheckDue(integrityCheckedAt, options.clock.now())) return;
    const result = await checkIntegrity(options.databaseFile);
    if (stopped) return;
    const problem = result.ok ? null : result.problems.join('; ');
    options.syncState.update({
      integrityCheckedAt: options.clock.now(),
      integrityProblem: problem,
    });
    if (problem)
      options.logger?.error({ problem }, 'The weekly check found this till database damaged');
    else
      options.logger?.info({ tookMs: result.tookMs }, 'The weekly database check found no damage');
    options.onResult?.();
  }

  function look(): void {
    running = runIfDue()
      .catch((error: Error) =>
        options.logger?.error({ error: error.message }, 'The weekly database check failed'),
      )
      .finally(() => {
        if (!stopped)
          timer = options.timers.after(options.lookEveryMs ?? LOOK_EVERY_MS, look, {
            background: true,
          });
      });
  }

  /** Stops looking; resolves once a check under way has finished. */
  return async () => {
    stopped = true;
    timer.cancel();
    await running;
  };
}
