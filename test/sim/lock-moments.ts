// A lock struck at the moment a till must hand claimed sales back, timed to the engine's
// own events: a lock at a random time rarely meets it. Drawn from a stream of its own, so
// the rest of each world stays as it was until the moment comes.
import type Database from 'better-sqlite3';
import type { Answer } from '../../main/sync/classify.js';
import { holdWriteLock, type WorldContext } from './world-events.js';

/**
 * A sale of a process waits in place for its retry (its pass holds it, "sending"). Then
 * another process takes the write lock past the wait's end, and the platform goes out of
 * reach: a person's key check finds it refused (the till is offline), then it hangs. The
 * pass ends and cannot hand the sale back, and the till's next pass only probes, hanging,
 * while the lock ends: the sale must not stay "sending" with nothing on the wire for long
 * after (sending-watch.ts). Seed 599 of 09e1835's worlds. Struck near a Resync too: one
 * asked before the till learns it is offline here is followed only when the pass ends, and
 * must not lift that offline then (seed 909 of d3bea76's worlds).
 */
export function lockAtHandBack(
  context: () => WorldContext,
  checker: Database.Database,
  chance: () => number,
) {
  const waiting = checker
    .prepare(
      `select min(next_attempt_at) from outbox where state = 'sending'
       and in_flight_at is null and claim_owner = ?`,
    )
    .pluck();
  let struck = 0; // at most three times a world
  return (pid: number, answer: Answer): void => {
    const { world, faultsUntil } = context();
    if (struck >= 3 || world.time >= faultsUntil || answer.kind !== 'response') return;
    // After the outcome's commit (this turn's group), before the wait in place ends.
    world.schedule(world.time + 1, null, () => {
      const { till, platform, tuning, busy, watch } = context();
      const process = till.running.get(pid)?.process;
      const due = waiting.get(`sim#${pid}`) as number | null;
      if (struck >= 3 || !process || due === null || busy.holder) return;
      if (process.stalledUntil > world.time || chance() >= 0.8) return; // stopped mid-pass
      struck += 1;
      const ms = Math.max(0, due - process.clock.now()) + 3000 + Math.floor(chance() * 6000);
      holdWriteLock(context(), ms);
      platform.outage(20, 'refuse');
      world.log(`a person checks the key on process ${pid} as the platform goes out of reach`);
      till.checkKey((problem) => watch.violations.push(problem), pid);
      world.schedule(world.time + 20, null, () =>
        platform.outage(ms + tuning.requestTimeoutMs * 2, 'hang'),
      );
    });
  };
}
