// The scheduler on stepped timers: a till selling faster than the debounce still drains.
import { describe, expect, it } from 'vitest';
import type { TimerHandle, Timers } from '../../main/sync/clock.js';
import { createScheduler } from '../../main/sync/scheduler.js';

function steppedTimers() {
  let now = 0;
  let due: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  const timers: Timers = {
    after(ms, run): TimerHandle {
      const entry = { at: now + ms, run, cancelled: false };
      due.push(entry);
      return { cancel: () => void (entry.cancelled = true) };
    },
    soon: (run) => void run(),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const next = due
        .filter((entry) => !entry.cancelled && entry.at <= until)
        .sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      now = next.at;
      due = due.filter((entry) => entry !== next);
      next.run();
    }
    now = until;
  };
  return { timers, advance, now: () => now };
}

describe('the scheduler', () => {
  it('drains within the debounce of the first sale, however fast sales follow', () => {
    const { timers, advance, now } = steppedTimers();
    const drains: number[] = [];
    const scheduler = createScheduler({
      timers,
      tickEveryMs: () => 5000,
      pollIntervalMs: () => 5000,
      debounceMs: () => 200,
      tick: () => Promise.resolve(),
      drain: () => void drains.push(now()),
      nextDueInMs: () => null,
      onTickError: () => {},
    });
    // A sale every 100 ms for 2 s: the debounce (200 ms) is never quiet for long enough.
    for (let sale = 0; sale < 20; sale++) {
      scheduler.saleRecorded();
      advance(100);
    }
    expect(drains).toEqual([200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000]);
    // A burst within the debounce starts one drain.
    advance(1000);
    scheduler.saleRecorded();
    scheduler.saleRecorded();
    scheduler.saleRecorded();
    advance(300);
    expect(drains.filter((at) => at > 2000)).toEqual([3200]);
    scheduler.stop();
    scheduler.saleRecorded();
    advance(1000);
    expect(drains.at(-1)).toBe(3200);
  });
});
