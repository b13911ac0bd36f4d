// The faults that strike a process at the await point where it stands, before the faults
// stop: a crash, a clock leap past the lease while a sale is being sent, SIGTERM or SIGKILL
// while a request is on the wire, and a disk that refuses writes while a sale is on it.
// The draws are made in the order they always were, so each seed's world stays as it was.
import type Database from 'better-sqlite3';
import type { LivenessMode } from './sim-till.js';
import { diskFault, restartSoon, type WorldContext } from './world-events.js';

export interface WireFaultOptions {
  checker: Database.Database;
  liveness: LivenessMode;
  /** The faults added since the worlds were first checked draw from this stream. */
  chance: () => number;
  between: (low: number, high: number) => number;
}

/** Strikes (or not) process `pid`, which just ran a step. */
export function createWireFaults(context: WorldContext, options: WireFaultOptions) {
  const { world, till, platform, tuning, faultsUntil, random } = context;
  const { checker, liveness, chance, between } = options;
  const sendingNow = checker.prepare(`select count(*) from outbox where state = 'sending'`).pluck();
  const sending = () => (sendingNow.get() as number) > 0;

  return (pid: number | null): void => {
    if (pid === null || world.time >= faultsUntil) return;
    // A crash at this await point: the process stops where it stands.
    if (till.running.has(pid) && random() < 0.004) {
      if (till.crash(pid, 'mid-flight')) restartSoon(context, between);
    }
    // On one machine's clock, a leap forward past the lease while a sale is being sent,
    // and every process asked to send: the one way a sender that still trusts its lease
    // finds it taken by another, so the claim's fence must hold.
    if (liveness !== 'exact' && random() < 0.01 && sending()) {
      till.stepClock(
        world.processes.get(pid)!,
        tuning.leaseTtlMs + between(0, 30_000),
        ' while sending',
      );
      till.notifySaleRecorded();
    }
    // SIGTERM while a request is on the wire: a short grace cuts it (sent, or not yet);
    // or SIGKILL, which leaves it for the next sender to take back (orphaned).
    if (platform.waitedOnBy(pid) && chance() < 0.03) {
      if (chance() < 0.67) till.terminate(pid, () => restartSoon(context, between));
      else if (till.crash(pid, 'with a request on the wire')) restartSoon(context, between);
    }
    // The disk refuses writes while a sale is on the wire: its answer must not be lost.
    if (random() < 0.01 && sending()) diskFault(context, pid, between(200, 3000), true);
  };
}
