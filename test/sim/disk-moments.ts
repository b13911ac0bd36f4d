// Storage faults struck at the moments a till must write something it learnt, and cannot
// learn again: a fault at a random time rarely meets them. Drawn from the seed's own stream
// for the faults added later (run-seed.ts, `chance`), so the rest of each world stays as it
// was.
import type { Answer } from '../../main/sync/classify.js';
import type Database from 'better-sqlite3';
import { diskFault, type WorldContext } from './world-events.js';
import { lockAtHandBack } from './lock-moments.js';
import { doubtBeforeReplay } from './doubt-moments.js';
import { voidBeforeClaim } from './void-moments.js';
import { stallPastLease } from './lease-moments.js';
import type { LivenessMode } from './sim-till.js';
import { seededRandom } from './world.js';

const isReplay = (answer: Answer) =>
  answer.kind === 'response' && answer.headers.get('idempotent-replayed') === 'true';

/**
 * Just before a process hears its first replayed answer (the platform honours keys: the
 * till's doubt flags must go), its disk often turns read-only: the clear it owes must still
 * be written once the disk takes writes again (seed 698 of 09e1835's worlds). Later replays
 * teach that process nothing new.
 */
export function diskFaultAtReplay(context: () => WorldContext, chance: () => number) {
  const taught = new Set<number>();
  return (pid: number, answer: Answer): void => {
    const { world, faultsUntil } = context();
    if (world.time >= faultsUntil || !isReplay(answer) || taught.has(pid)) return;
    taught.add(pid);
    if (chance() < 0.6) diskFault(context(), pid, 200 + Math.floor(chance() * 2800), true);
  };
}

/**
 * Every fault struck at an engine's moment, told of each answer just before its process
 * hears it. The lock at a hand-back draws from a stream of its own (lock-moments.ts).
 */
export function faultMoments(
  context: () => WorldContext,
  checker: Database.Database,
  chance: () => number,
  world: { seed: number; honoursKeys: boolean; liveness: LivenessMode },
) {
  const atReplay = diskFaultAtReplay(context, chance);
  // A sale voided before its claim (void-moments.ts), in every world.
  const voids = voidBeforeClaim(context, checker, seededRandom(world.seed ^ 0x3c6ef372));
  // Where the platform honours keys, no lock nor outage: its replays test the clear of the
  // doubts (above, and a doubt left before the first replay, doubt-moments.ts).
  if (world.honoursKeys) {
    const doubt = doubtBeforeReplay(context, seededRandom(world.seed ^ 0x1b873593));
    return (pid: number, answer: Answer): void => {
      doubt(pid, answer);
      atReplay(pid, answer);
      voids(pid, answer);
    };
  }
  const atHandBack = lockAtHandBack(context, checker, seededRandom(world.seed ^ 0x2545f491));
  // Where another sender can take an expired lease (its liveness cannot be told).
  const pastLease =
    world.liveness === 'exact'
      ? undefined
      : stallPastLease(context, checker, seededRandom(world.seed ^ 0x68e31da4));
  return (pid: number, answer: Answer): void => {
    atReplay(pid, answer);
    pastLease?.(pid, answer); // first: a lock struck too would keep the lease from the other
    atHandBack(pid, answer);
    voids(pid, answer);
  };
}
