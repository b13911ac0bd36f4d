// The pacer keeps a rate-limited platform to one burst of 429s: when the quota runs out,
// the whole queue waits for the reset, then sends one request per reset until a reading
// says more is left (the simulation saw a till burst at full concurrency after each wait,
// and meet the limit again every time); with plenty left it does not space at all.
import { describe, expect, it } from 'vitest';
import { createPacer } from '../../main/sync/pacer.js';

function pacerAt(concurrency: number) {
  let now = 0;
  const clock = { now: () => now, monotonic: () => now };
  const pacer = createPacer(clock, () => concurrency);
  return { pacer, advance: (ms: number) => (now += ms) };
}

describe('pacer', () => {
  it('after the quota ran out, waits for the reset, then spaces requests one per reset', () => {
    const { pacer } = pacerAt(4);
    pacer.note({ remaining: 0, resetSeconds: 2, limit: 5 });
    // Four workers take their slots at once: the first after the wait, the rest spaced.
    expect([1, 2, 3, 4].map(() => pacer.reserve())).toEqual([2000, 4000, 6000, 8000]);
  });

  it('stops spacing once a reading says plenty is left', () => {
    const { pacer, advance } = pacerAt(2);
    pacer.note({ remaining: 0, resetSeconds: 1, limit: 10 });
    advance(1000);
    expect(pacer.reserve()).toBe(0);
    pacer.note({ remaining: 9, resetSeconds: 1, limit: 10 });
    // The slot taken above at the old spacing (1 s on) ends with it: a fixed or new sale
    // does not wait for it (the simulation's calm hour saw a pass sleep out the old gap).
    expect([1, 2, 3].map(() => pacer.reserve())).toEqual([0, 0, 0]);
  });

  it('spreads the last of a token bucket at its refill rate', () => {
    const { pacer } = pacerAt(2);
    pacer.note({ remaining: 2, resetSeconds: 3, limit: 5 }); // 3 used, full again in 3 s
    expect([1, 2, 3].map(() => pacer.reserve())).toEqual([0, 1000, 2000]);
  });

  it("ends on Resync the holds asked for before it, not one asked for since (another process's Resync)", () => {
    const { pacer, advance } = pacerAt(2);
    pacer.hold(60_000);
    advance(1000);
    const askedAt = 1000; // another process's Resync, on this one's steady clock
    pacer.release(askedAt);
    expect(pacer.heldForMs()).toBe(0);
    // A 429 heard after the ask (simulation seed 947: sent 1.8 s early before this)...
    advance(500);
    pacer.hold(2000);
    pacer.release(askedAt);
    expect(pacer.heldForMs()).toBe(2000);
    // ...and a quota told empty after it, likewise; a Resync pressed here ends both.
    pacer.note({ remaining: 0, resetSeconds: 5, limit: 10 });
    pacer.release(askedAt);
    expect(pacer.heldForMs()).toBe(5000);
    pacer.release();
    expect(pacer.heldForMs()).toBe(0);
  });
});
