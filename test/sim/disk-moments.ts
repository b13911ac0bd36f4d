// Storage faults struck at the moments a till must write something it learnt, and cannot
// learn again: a fault at a random time rarely meets them. Drawn from the seed's own stream
// for the faults added later (run-seed.ts, `chance`), so the rest of each world stays as it
// was.
import type { Answer } from '../../main/sync/classify.js';
import { diskFault, type WorldContext } from './world-events.js';

const isReplay = (answer: Answer) =>
  answer.kind === 'response' && answer.headers.get('idempotent-replayed') === 'true';

/**
 * Just before a process hears a replayed answer (the platform honours keys: the till's doubt
 * flags must go), its disk turns read-only now and then: the clear it owes must still be
 * written once the disk takes writes again (seed 698 of 09e1835's worlds).
 */
export function diskFaultAtReplay(context: () => WorldContext, chance: () => number) {
  return (pid: number, answer: Answer): void => {
    const { world, faultsUntil } = context();
    if (world.time >= faultsUntil || !isReplay(answer) || chance() >= 0.25) return;
    diskFault(context(), pid, 200 + Math.floor(chance() * 2800), true);
  };
}
