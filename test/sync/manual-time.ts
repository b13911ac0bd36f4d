// Time run by hand for the engine's parts: one clock (wall and steady alike) and timers
// that fire, in the order they were set, when `advance` moves the clock past them.
import type { Clock, Timers } from '../../main/sync/clock.js';

export function manualTime() {
  let now = 1_000_000;
  const due: Array<{ at: number; run: () => void }> = [];
  const clock: Clock = { now: () => now, monotonic: () => now };
  const timers: Timers = {
    after: (ms, run) => {
      const timer = { at: now + ms, run };
      due.push(timer);
      return { cancel: () => void due.splice(due.indexOf(timer), 1) };
    },
    soon: (run) => void due.push({ at: now, run }),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of due.filter((t) => t.at <= now)) {
      due.splice(due.indexOf(timer), 1);
      timer.run();
    }
  };
  return { clock, timers, advance };
}
