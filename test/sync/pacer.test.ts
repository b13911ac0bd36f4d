// The pacer keeps a rate-limited platform to one burst of 429s: when the quota runs out,
// the whole queue waits until more is available, then sends one request per reset (or at
// the policy's rate) until a reading says more is left (the simulation saw a till burst at full concurrency after each wait,
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
    pacer.note({ remaining: 0, resetSeconds: 2, limit: 5, windowSeconds: null });
    // Four workers take their slots at once: the first after the wait, the rest spaced.
    expect([1, 2, 3, 4].map(() => pacer.reserve())).toEqual([2000, 4000, 6000, 8000]);
  });

  it('stops spacing once a reading says plenty is left', () => {
    const { pacer, advance } = pacerAt(2);
    pacer.note({ remaining: 0, resetSeconds: 1, limit: 10, windowSeconds: null });
    advance(1000);
    expect(pacer.reserve()).toBe(0);
    pacer.note({ remaining: 9, resetSeconds: 1, limit: 10, windowSeconds: null });
    // The slot taken above at the old spacing (1 s on) ends with it: a fixed or new sale
    // does not wait for it (the simulation's calm hour saw a pass sleep out the old gap).
    expect([1, 2, 3].map(() => pacer.reserve())).toEqual([0, 0, 0]);
  });

  it('spreads what is left until more comes, whatever the reset means', () => {
    const { pacer } = pacerAt(2);
    // Two left, more in 3 s (or whole again in 3 s, on an older platform): 2 in 3 s at most.
    pacer.note({ remaining: 2, resetSeconds: 3, limit: 5, windowSeconds: null });
    expect([1, 2, 3].map(() => pacer.reserve())).toEqual([0, 1500, 3000]);
  });

  it("paces the last of a token bucket at its policy's rate, though t says a whole second", () => {
    const { pacer } = pacerAt(4);
    // The sandbox's bucket: 200 per 2 s; its next token is 10 ms away, told as t=1.
    pacer.note({ remaining: 8, resetSeconds: 1, limit: 200, windowSeconds: 2 });
    expect([1, 2, 3].map(() => pacer.reserve())).toEqual([0, 10, 20]);
    // Quota gone: wait until more comes, then at the policy's rate, not one a second.
    pacer.note({ remaining: 0, resetSeconds: 1, limit: 200, windowSeconds: 2 });
    expect([1, 2].map(() => pacer.reserve())).toEqual([1000, 1010]);
  });

  it("spaces at the faster of what is left until the reset and the policy's rate", () => {
    const { pacer } = pacerAt(4);
    // A window of 100 per minute with 5 left and 30 s to go: 5 over 30 s is slower than
    // the policy's 0.6 s, which is taken (the answer that says 0 then holds till the reset).
    pacer.note({ remaining: 5, resetSeconds: 30, limit: 100, windowSeconds: 60 });
    expect([1, 2].map(() => pacer.reserve())).toEqual([0, 600]);
    // 8 left with 1 s to go: 125 ms apart, faster than the policy's (after the slot taken).
    pacer.note({ remaining: 8, resetSeconds: 1, limit: 100, windowSeconds: 60 });
    expect(pacer.reserve()).toBe(1200);
    expect(pacer.reserve()).toBe(1325);
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
    pacer.note({ remaining: 0, resetSeconds: 5, limit: 10, windowSeconds: null });
    pacer.release(askedAt);
    expect(pacer.heldForMs()).toBe(5000);
    pacer.release();
    expect(pacer.heldForMs()).toBe(0);
  });
});
