// A process that exits as asked (SIGTERM, or the end of a run) leaves nothing behind: no
// timer that would keep a real process from exiting (`tillsync sync --once` ends when its
// event loop is empty), and, when its disk took its last writes, no sale it claimed still
// "sending" and the lease free, so the till's other process goes on at once.
import type Database from 'better-sqlite3';
import type { SyncStatus } from '../../main/sync/status.js';
import type { World } from './world.js';

export function createExitChecks(world: World, checker: Database.Database) {
  const claimed = checker
    .prepare(`select count(*) from outbox where state = 'sending' and claim_owner = ?`)
    .pluck();
  const leaseOwner = checker.prepare('select lease_owner from sync_state where id = 1').pluck();
  return {
    /** Process `pid` (sender `owner`) has stopped; `final` is the status its stop left. */
    exited(pid: number, owner: string, final: SyncStatus | undefined): string[] {
      const problems: string[] = [];
      const armed = world.armedTimers(pid);
      if (armed > 0)
        problems.push(`process ${pid} stopped with ${armed} timers armed: it would never exit`);
      // A disk that refused the last writes leaves what a crash leaves: taken back later.
      if (!final || final.storageProblem) return problems;
      const left = claimed.get(owner) as number;
      if (left > 0) problems.push(`process ${pid} stopped with ${left} sales it claimed 'sending'`);
      if (leaseOwner.get() === owner) problems.push(`process ${pid} stopped holding the lease`);
      return problems;
    },
  };
}

export type ExitChecks = ReturnType<typeof createExitChecks>;
