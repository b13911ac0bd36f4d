// The scheduler on stepped timers: a till selling faster than the debounce still drains.
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../main/sync/scheduler.js';
import { World } from '../sim/world.js';

/** The simulation's virtual timeline, stepped by hand: runs every timer due within `ms`. */
function steppedTimers() {
  const world = new World();
  const { timers } = world.addProcess(0);
  const advance = (ms: number) => world.runUntil(world.time + ms);
  return { timers, advance, now: () => world.time };
}

describe('the scheduler', () => {
  it('drains within the debounce of the first sale, however fast sales follow', async () => {
    const { timers, advance, now } = steppedTimers();
    const drains: number[] = [];
    const scheduler = createScheduler({
      timers,
      monotonic: now,
      tickEveryMs: () => 5000,
      debounceMs: () => 200,
      tick: () => Promise.resolve(),
      drain: () => void drains.push(now()),
      nextDueInMs: () => null,
      onTickError: () => {},
    });
    // A sale every 100 ms for 2 s: the debounce (200 ms) is never quiet for long enough.
    for (let sale = 0; sale < 20; sale++) {
      scheduler.saleRecorded();
      await advance(100);
    }
    expect(drains).toEqual([200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000]);
    // A burst within the debounce starts one drain.
    await advance(1000);
    scheduler.saleRecorded();
    scheduler.saleRecorded();
    scheduler.saleRecorded();
    await advance(300);
    expect(drains.filter((at) => at > 2000)).toEqual([3200]);
    scheduler.stop();
    scheduler.saleRecorded();
    await advance(1000);
    expect(drains.at(-1)).toBe(3200);
  });

  it('wakes when the next sale is due, even after the next tick', async () => {
    // The simulation saw a sale due 7 s after a pass wait for the tick after that (5 s
    // ticks): the wake-up was skipped whenever a tick came first.
    const { timers, advance, now } = steppedTimers();
    const drains: number[] = [];
    const scheduler = createScheduler({
      timers,
      monotonic: now,
      tickEveryMs: () => 5000,
      debounceMs: () => 200,
      tick: () => Promise.resolve(),
      drain: () => void drains.push(now()),
      nextDueInMs: () => 7000,
      onTickError: () => {},
    });
    scheduler.start();
    scheduler.wakeForNextDue();
    await advance(7100);
    expect(drains).toEqual([7005]);
    scheduler.stop();
  });

  it('probes at the probe interval from the moment the link goes offline, not a poll later', async () => {
    // The simulation saw a till that a key check found offline between ticks keep its
    // 15 s poll tick, so it stayed offline for 15 s after the platform came back.
    const { timers, advance, now } = steppedTimers();
    let offline = false;
    const ticks: number[] = [];
    const scheduler = createScheduler({
      timers,
      monotonic: now,
      tickEveryMs: () => (offline ? 1000 : 15_000),
      debounceMs: () => 200,
      tick: async () => void ticks.push(now()),
      drain: () => {},
      nextDueInMs: () => null,
      onTickError: () => {},
    });
    scheduler.start();
    await advance(500);
    scheduler.tickSooner(); // still online: the tick stays where it was
    offline = true;
    await advance(1000);
    expect(ticks).toEqual([]);
    scheduler.tickSooner(); // offline now
    await advance(3000);
    expect(ticks).toEqual([2500, 3500, 4500]);
    offline = false;
    scheduler.tickSooner(); // a longer cadence never delays the armed tick
    await advance(1000);
    expect(ticks).toEqual([2500, 3500, 4500, 5500]);
    scheduler.stop();
  });
});
