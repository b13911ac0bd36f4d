// A sender that goes on after it has lost its lease: stopped (SIGSTOP) in the middle of a
// pass, with sales claimed and not yet on the wire, for longer than its lease, while
// another sender, which cannot tell whether it still runs, takes the lease over once it has
// run out, and the sales with it. The stopped one wakes with its pass under way and its
// lease gone: it must not send another request for a sale (the platform watch checks each
// request's fence, the lease and the claim at their epoch, platform-watch.ts), whatever its
// renewal timer or its wait in place runs first. Without this scene no world of seeds 1 to
// 40 had a sender running on after a takeover, so the lease holder's checks went untried.
import type Database from 'better-sqlite3';
import type { Answer } from '../../main/sync/classify.js';
import { disturb, type WorldContext } from './world-events.js';

export function stallPastLease(
  context: () => WorldContext,
  checker: Database.Database,
  chance: () => number,
) {
  const claimedWaiting = checker
    .prepare(
      `select count(*) from outbox where state = 'sending' and in_flight_at is null
       and claim_owner = ?`,
    )
    .pluck();
  let struck = 0; // at most twice a world
  return (pid: number, answer: Answer): void => {
    const { world, faultsUntil } = context();
    if (struck >= 2 || world.time >= faultsUntil || answer.kind !== 'response') return;
    // After the outcome's commit (this turn's group), while the pass holds the rest.
    world.schedule(world.time + 1, null, () => {
      const { till, tuning, busy } = context();
      const target = till.running.get(pid)?.process;
      // A lock held meanwhile would keep the other sender from the lease.
      if (struck >= 2 || !target || target.stalledUntil > world.time || busy.holder) return;
      if ((claimedWaiting.get(`sim#${pid}`) as number) === 0 || chance() >= 0.5) return;
      struck += 1;
      const ms = Math.floor(tuning.leaseTtlMs * (1.2 + chance()));
      target.stalledUntil = world.time + ms;
      disturb(context(), ms);
      world.log(`process ${pid} is stopped (SIGSTOP) mid-pass for ${ms / 1000}s`);
      // Once the lease has run out, another sender asks to send (started if none runs).
      world.schedule(world.time + tuning.leaseTtlMs + 100, null, () => {
        if (till.running.size < 2) till.start(0);
        till.notifySaleRecorded();
      });
    });
  };
}
