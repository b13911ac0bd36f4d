// A pass's worker waiting for its turn to send: a request slot is taken when it is free,
// at the pacer's spacing of that moment (slots handed out ahead at a slow spacing kept a
// till at it for seconds after the pace was raised).
import { sleep, untilAborted, type Timers } from './clock.js';
import type { Pacer } from './pacer.js';

export interface SlotWait {
  pacer: Pacer;
  timers: Timers;
  signal: AbortSignal;
  /** The pass is ending (a long hold, a new key, the lease lost...). */
  stopped: () => boolean;
}

/**
 * Waits until a request slot is free, then takes it (false: aborted or stopped). Workers
 * waiting together wake together; the first takes the slot, the others wait on for the
 * next, or, back from an outage, for the first one's answer, which says how fast to go on.
 * A sale kept "sending" for a try in place (`inPlace`) waits for the spacing only: a hold
 * hands it back to the queue (false).
 */
export async function freeSlot(wait: SlotWait, inPlace = false): Promise<boolean> {
  const { pacer, timers, signal, stopped } = wait;
  for (;;) {
    if (inPlace && pacer.heldForMs() > 0) return false;
    const first = inPlace ? null : pacer.firstAnswer();
    if (first) {
      if (!(await untilAborted(first, signal))) return false;
      continue;
    }
    const ms = pacer.untilFree();
    if (ms <= 0) break;
    if (!(await sleep(timers, ms, signal)) || stopped()) return false;
  }
  pacer.reserve();
  return true;
}
