import { describe, expect, it } from 'vitest';
import { MAX_BACKOFF_INTERVALS, startPushLoop } from '../../main/metrics/push-loop.js';
import { World } from '../sim/world.js';

function loopOnVirtualTime(failUntil: number) {
  const world = new World();
  const process = world.addProcess(0);
  const pushes: number[] = [];
  const loop = startPushLoop({
    name: 'a test destination',
    intervalMs: 10_000,
    timers: process.timers,
    push: async () => {
      pushes.push(world.time);
      if (world.time < failUntil) throw new Error('unreachable');
    },
  });
  return { world, loop, pushes, runUntil: (ms: number) => world.runUntil(ms) };
}

describe('pushing metrics on an interval', () => {
  it('pushes at once, then once per interval', async () => {
    const { loop, pushes, runUntil } = loopOnVirtualTime(0);
    await runUntil(35_000);
    expect(pushes).toEqual([0, 10_000, 20_000, 30_000]);
    await loop.stop();
  });

  it('waits twice as long after each failure, up to a cap, and back to the interval once it works', async () => {
    const { loop, pushes, runUntil } = loopOnVirtualTime(400_000);
    await runUntil(520_000);
    const gaps = pushes.slice(1).map((at, i) => at - pushes[i]!);
    // 20 s, 40 s, 80 s, 160 s, then the cap (16 intervals) until the platform answers.
    expect(gaps.slice(0, 5)).toEqual([20_000, 40_000, 80_000, 160_000, 160_000]);
    expect(Math.max(...gaps)).toBe(10_000 * MAX_BACKOFF_INTERVALS);
    const firstSuccess = pushes.findIndex((at) => at >= 400_000);
    expect(gaps.slice(firstSuccess)).toEqual(gaps.slice(firstSuccess).map(() => 10_000));
    expect(loop.failures).toBe(0);
    await loop.stop();
  });

  it('pushes once more when stopped, and never again after', async () => {
    const { world, loop, pushes, runUntil } = loopOnVirtualTime(0);
    await runUntil(15_000);
    await loop.stop();
    expect(pushes).toEqual([0, 10_000, world.time]);
    await runUntil(100_000);
    expect(pushes).toHaveLength(3);
  });
});
