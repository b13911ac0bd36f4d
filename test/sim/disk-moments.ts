// Storage faults struck at the moments a till must write something it learnt, and cannot
// learn again: a fault at a random time rarely meets them. Drawn from the seed's own stream
// for the faults added later (run-seed.ts, `chance`), so the rest of each world stays as it
// was.
import type { Answer } from '../../main/sync/classify.js';
import type Database from 'better-sqlite3';
import { diskFault, type WorldContext } from './world-events.js';
import { lockAtHandBack } from './lock-moments.js';
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
  world: { seed: number; honoursKeys: boolean },
) {
  const atReplay = diskFaultAtReplay(context, chance);
  // Where the platform honours keys, the world stays as it was: its replays test the clear
  // of the doubts (above), which a lock and an outage struck earlier would change.
  if (world.honoursKeys) return atReplay;
  const atHandBack = lockAtHandBack(context, checker, seededRandom(world.seed ^ 0x2545f491));
  return (pid: number, answer: Answer): void => {
    atReplay(pid, answer);
    atHandBack(pid, answer);
  };
}
