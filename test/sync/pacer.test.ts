// The pacer keeps a rate-limited platform to one burst of 429s: when the quota runs out,
// the whole queue waits until more is available, then sends one request per reset (or at
// the policy's rate) until a reading says more is left (the simulation saw a till burst at full concurrency after each wait,
// and meet the limit again every time); with plenty left it does not space at all.
import { describe, expect, it } from 'vitest';
import { createPacer } from '../../main/sync/pacer.js';

function pacerAt(concurrency: number, random = () => 0.5) {
  let now = 0;
  const clock = { now: () => now, monotonic: () => now };
  const pacer = createPacer(clock, () => concurrency, random);
  return { pacer, advance: (ms: number) => (now += ms) };
}

/** A reading of a key's policy of 20 requests per 2 s, more in a second. */
const twentyPer2s = (remaining: number) => ({
  name: null,
  remaining,
  resetSeconds: 1,
  limit: 20,
  windowSeconds: 2,
});

describe('pacer', () => {
  it('after the quota ran out, waits for the reset, then spaces requests one per reset', () => {
    const { pacer } = pacerAt(4);
    pacer.note([{ name: null, remaining: 0, resetSeconds: 2, limit: 5, windowSeconds: null }]);
    // Four workers take their slots at once: the first after the wait, the rest spaced.
    expect([1, 2, 3, 4].map(() => pacer.reserve())).toEqual([2000, 4000, 6000, 8000]);
  });

  it('stops spacing once a reading says plenty is left', () => {
    const { pacer, advance } = pacerAt(2);
    pacer.note([{ name: null, remaining: 0, resetSeconds: 1, limit: 10, windowSeconds: null }]);
    advance(1000);
    expect(pacer.reserve()).toBe(0);
    pacer.note([{ name: null, remaining: 9, resetSeconds: 1, limit: 10, windowSeconds: null }]);
    // The slot taken above at the old spacing (1 s on) ends with it: a fixed or new sale
    // does not wait for it (the simulation's calm hour saw a pass sleep out the old gap).
    expect([1, 2, 3].map(() => pacer.reserve())).toEqual([0, 0, 0]);
  });

  it('spreads what is left until more comes, whatever the reset means', () => {
    const { pacer } = pacerAt(2);
    // Two left, more in 3 s (or whole again in 3 s, on an older platform): 2 in 3 s at most.
    pacer.note([{ name: null, remaining: 2, resetSeconds: 3, limit: 5, windowSeconds: null }]);
    expect([1, 2, 3].map(() => pacer.reserve())).toEqual([0, 1500, 3000]);
  });

  it('keeps requests spaced when a policy is first told while the queue waits', () => {
    const { pacer, advance } = pacerAt(2, () => 0);
    // Older fields (no window) say the quota ran dry; the queue waits a second.
    pacer.note([{ name: null, remaining: 0, resetSeconds: 1, limit: 3, windowSeconds: null }]);
    // An answer to a request already on the wire tells the policy for the first time (3 per
    // 3 s), the bucket still dry: both workers must not send the moment the wait ends.
    advance(30);
    pacer.note([{ name: null, remaining: 0, resetSeconds: 1, limit: 3, windowSeconds: 3 }]);
    const [first, second] = [pacer.reserve(), pacer.reserve()];
    expect(first).toBe(1000);
    expect(second - first).toBeGreaterThanOrEqual(1000);
  });

  it('drops a slow shared pace when the platform tells another policy (the quota lifted)', () => {
    const { pacer, advance } = pacerAt(2);
    // A small shared quota ran dry: the till slows down to a share of 1 a second.
    pacer.note([{ name: null, remaining: 0, resetSeconds: 1, limit: 2, windowSeconds: 2 }]);
    expect(pacer.rate()).not.toBeNull();
    advance(5000);
    // The quota is raised to 1,000 a second: nothing learnt of the old one holds the queue.
    pacer.note([{ name: null, remaining: 999, resetSeconds: 1, limit: 1000, windowSeconds: 1 }]);
    expect(pacer.rate()).toBeNull();
    expect([1, 2, 3].map(() => pacer.reserve())).toEqual([0, 0, 0]);
  });

  it('a till alone on a key spends the burst unspaced, then paces at the whole policy rate', () => {
    const { pacer, advance } = pacerAt(4);
    // The sandbox's bucket: 200 per 2 s. Every answer took one, and the refill is 100/s.
    let tokens = 200;
    const answer = () => {
      tokens -= 1;
      pacer.note([
        {
          name: null,
          remaining: Math.floor(tokens),
          resetSeconds: 1,
          limit: 200,
          windowSeconds: 2,
        },
      ]);
      advance(1);
      tokens += 0.1;
    };
    while (tokens > 102) {
      answer();
      expect(pacer.rate()).toBeNull();
      expect(pacer.reserve()).toBe(0);
    }
    // Running low, but the quota fell by what this till took: it is alone, full rate.
    answer();
    expect(pacer.rate()).toBeGreaterThan(95);
    expect(pacer.reserve()).toBe(0);
    expect(pacer.reserve()).toBeLessThan(10.6); // about 10 ms apart: 100/s
  });

  it('a platform that tells its policy in some answers only is one quota: a till alone keeps its whole rate', () => {
    const { pacer, advance } = pacerAt(2);
    // A bucket of 8 that gets a token back every 4 s (8 per 32 s); every other answer has
    // only the older fields (limit, no window) beside a malformed RateLimit.
    let tokens = 8;
    let answers = 0;
    const answer = () => {
      tokens -= 1;
      answers += 1;
      const windowSeconds = answers % 2 === 1 ? 32 : null;
      pacer.note([
        { name: null, remaining: Math.floor(tokens), resetSeconds: 4, limit: 8, windowSeconds },
      ]);
      advance(20);
      tokens += 0.005;
    };
    while (tokens > 5) answer();
    // Running low, and the quota fell by what this till took: alone, the policy's whole
    // rate (a quarter a second), not a tenth of it.
    answer();
    expect(pacer.rate()).toBeCloseTo(0.25, 2);
    // An answer in the older form keeps that pace.
    answer();
    expect(pacer.rate()).toBeCloseTo(0.25, 2);
  });

  it('another limit in an answer without a policy is another quota, spent as told', () => {
    const { pacer } = pacerAt(2);
    pacer.note([twentyPer2s(3)]);
    expect(pacer.rate()).not.toBeNull();
    pacer.note([{ name: null, remaining: 2, resetSeconds: 6, limit: 50, windowSeconds: null }]);
    expect(pacer.reserve() + 3000).toBe(pacer.reserve()); // 6 s for the 2 left
  });

  it('forgets a policy once another quota is told: plenty again in its first form ends the spacing', () => {
    const { pacer, advance } = pacerAt(2);
    pacer.note([{ name: null, remaining: 999, resetSeconds: 1, limit: 1000, windowSeconds: 1 }]);
    // A small quota told in older fields only: one left, more in 15 s.
    pacer.note([{ name: null, remaining: 1, resetSeconds: 15, limit: 5, windowSeconds: null }]);
    expect(pacer.reserve()).toBe(0);
    expect(pacer.reserve()).toBe(15_000);
    advance(15_000);
    // Lifted, told without the window this time: nothing left of the 15 s spacing.
    pacer.note([{ name: null, remaining: 999, resetSeconds: 1, limit: 1000, windowSeconds: null }]);
    expect([1, 2, 3].map(() => pacer.reserve())).toEqual([0, 0, 0]);
  });

  it('a till that learns the policy once low, having taken all it fell by, is alone: the whole rate', () => {
    const { pacer, advance } = pacerAt(4);
    // A bucket of 8 that gets a token back every 4 s, full; only the older fields at first.
    pacer.note([{ name: null, remaining: 7, resetSeconds: 4, limit: 8, windowSeconds: null }]);
    advance(10);
    // The policy, first told at 6 left of 8: the two this till took are all it fell by.
    pacer.note([{ name: null, remaining: 6, resetSeconds: 8, limit: 8, windowSeconds: 32 }]);
    expect(pacer.rate()).toBeCloseTo(0.25, 5);
  });

  it('among other tills, taking the last token halves the pace as a refusal does', () => {
    const { pacer, advance } = pacerAt(4, () => 0);
    // 20 per 2 s: a till that took none of what the bucket lost starts at a tenth, 1/s.
    pacer.note([twentyPer2s(10)]);
    advance(1000);
    pacer.note([twentyPer2s(10)]);
    const paced = pacer.rate()!;
    advance(1000);
    // Others emptied the bucket; this till's answer took the last token.
    pacer.note([twentyPer2s(0)]);
    expect(pacer.rate()).toBeCloseTo(paced / 2, 5);
  });

  it('a till among many raises its pace by a part of the equal raise as small as its share', () => {
    const { pacer, advance } = pacerAt(4);
    // 20 per 2 s, half left: a till that took none of it starts at a tenth (1 a second).
    pacer.note([twentyPer2s(10)]);
    expect(pacer.rate()).toBe(1);
    // A second on, the level held at half by the key's other tills (they took 10/s): fifty
    // such tills each adding a hundredth of the rate a second would add half of it.
    advance(1000);
    pacer.note([twentyPer2s(10)]);
    expect(pacer.rate()).toBeGreaterThan(1);
    expect(pacer.rate()).toBeLessThan(1.05);
  });

  it('a till not alone keeps its pace when the bucket is nearly full again', () => {
    const { pacer, advance } = pacerAt(2);
    pacer.note([twentyPer2s(10)]);
    advance(1000);
    // Others went quiet: the bucket rose to 16 of 20 while this till sent once.
    pacer.note([twentyPer2s(16)]);
    expect(pacer.rate()).not.toBeNull();
  });

  it('keeps the pace learnt under each of the platform limits as it tells one, then the other', () => {
    const { pacer, advance } = pacerAt(4);
    pacer.note([twentyPer2s(10)]);
    expect(pacer.rate()).toBe(1);
    advance(100);
    // The platform's own limit has least left now, then the key's again.
    pacer.note([{ name: null, remaining: 5, resetSeconds: 1, limit: 200, windowSeconds: 20 }]);
    advance(100);
    pacer.note([twentyPer2s(9)]);
    expect(pacer.rate()).toBe(1);
  });

  it('a till that finds the quota low without having taken it starts at a tenth of the rate', () => {
    const { pacer } = pacerAt(4);
    pacer.note([twentyPer2s(6)]);
    expect(pacer.rate()).toBe(1); // a tenth of 10/s
    expect([1, 2].map(() => pacer.reserve())).toEqual([0, 1000]);
  });

  it('refused once run dry: halves its pace once per hold, and waits until more comes and its own spacing', () => {
    const { pacer, advance } = pacerAt(4, () => 0.5);
    pacer.note([twentyPer2s(6)]);
    pacer.note([twentyPer2s(0)], true);
    // Halved to one request in 2 s: it waits that spacing (a random part of it either side,
    // here none), longer than the second until more comes and a random part of it.
    expect(pacer.rate()).toBe(0.5);
    expect(pacer.heldForMs()).toBe(2000);
    // Its other requests in flight hear the same: no further halving during the hold.
    advance(10);
    pacer.note([twentyPer2s(0)], true);
    expect(pacer.rate()).toBe(0.5);
    // Another random draw, another part: tills sharing the key come back apart.
    const other = pacerAt(4, () => 0).pacer;
    other.note([twentyPer2s(0)], true);
    expect(other.heldForMs()).toBe(1000);
  });

  it('taking the last token is not a refusal: the pace stays, the queue waits for more', () => {
    const { pacer, advance } = pacerAt(2, () => 0);
    // Alone on 8 per 32 s: it took the burst down to half, and is paced at the whole rate.
    for (const remaining of [7, 6, 5, 4]) {
      pacer.note([{ name: null, remaining, resetSeconds: 4, limit: 8, windowSeconds: 32 }]);
      advance(10);
    }
    const paced = pacer.rate();
    expect(paced).toBeCloseTo(0.25, 2);
    // A second later, an answer that took the bucket's last token.
    advance(4000);
    pacer.note([{ name: null, remaining: 0, resetSeconds: 4, limit: 8, windowSeconds: 32 }]);
    expect(pacer.rate()).toBe(paced);
    expect(pacer.heldForMs()).toBe(4000);
    // Refused after that wait: now it halves.
    advance(4000);
    pacer.note([{ name: null, remaining: 0, resetSeconds: 4, limit: 8, windowSeconds: 32 }], true);
    expect(pacer.rate()).toBe(paced! / 2);
  });

  it('refused, a slow share waits its own spacing, not only until the next token', () => {
    const { pacer, advance } = pacerAt(4, () => 0);
    // One of many tills on 20 per 2 s: steered down to a request every few seconds.
    pacer.note([twentyPer2s(6)]);
    for (const remaining of [4, 2, 1]) {
      advance(1000);
      pacer.note([twentyPer2s(remaining)]);
    }
    const spacing = 1000 / pacer.rate()!;
    expect(spacing).toBeGreaterThan(2000);
    advance(spacing); // its next request, refused
    pacer.note([twentyPer2s(0)], true);
    // More comes in a second, but its pace (halved) allows a request only twice as far on;
    // with a random part of 0, half of that.
    expect(pacer.heldForMs()).toBeCloseTo(spacing, 6);
  });

  it('back after an outage, sends one request and waits for its answer before the next', async () => {
    const { pacer } = pacerAt(4, () => 0);
    pacer.resume();
    expect(pacer.firstAnswer()).toBeNull(); // nothing sent yet: the first goes
    expect(pacer.reserve()).toBe(0);
    const waiting = pacer.firstAnswer(); // the other workers wait for its answer
    expect(waiting).not.toBeNull();
    let over = false;
    void waiting!.then(() => (over = true));
    await Promise.resolve();
    expect(over).toBe(false);
    pacer.answered();
    await Promise.resolve();
    expect(over).toBe(true);
    expect(pacer.firstAnswer()).toBeNull();
    expect([pacer.reserve(), pacer.reserve()]).toEqual([0, 0]); // no pace told: none kept
  });

  it('back after an outage, a Resync ends the wait for the first answer', () => {
    const { pacer } = pacerAt(4, () => 0);
    pacer.resume();
    pacer.reserve();
    pacer.release();
    expect(pacer.firstAnswer()).toBeNull();
  });

  it('back after an outage, paces by how many came back before it, as its first answer tells', () => {
    // 20 per 2 s, 10/s. The first back finds 19 left: it and one other took from the
    // bucket, so it starts at half the rate (a till alone then finds it is).
    const first = pacerAt(4).pacer;
    first.resume();
    first.note([twentyPer2s(19)]);
    expect(first.rate()).toBe(5);
    // One that finds half the bucket gone: eleven shared it.
    const later = pacerAt(4).pacer;
    later.resume();
    later.note([twentyPer2s(10)]);
    expect(later.rate()).toBeCloseTo(10 / 11, 6);
    // Refused at once, a bucketful or more came back before it: a bucketful's share,
    // halved, and it waits for it rather than only for the next token.
    const refused = pacerAt(4, () => 0.5).pacer;
    refused.resume();
    refused.note([twentyPer2s(0)], true);
    expect(refused.rate()).toBeCloseTo(10 / 21 / 2, 6);
    expect(refused.heldForMs()).toBeCloseTo(1000 / (10 / 21 / 2), 6);
  });

  it("refused in the half minute after an outage, starts again from a bucketful's share", () => {
    const { pacer, advance } = pacerAt(4, () => 0.5);
    pacer.resume();
    pacer.note([twentyPer2s(19)]); // it looked early: half the rate
    advance(5000);
    pacer.note([twentyPer2s(0)], true); // the chain came back behind it
    expect(pacer.rate()).toBeCloseTo(10 / 21, 6); // not 2.5, half of what it had
  });

  it('a bucket read full a steering on: the pace doubles, bent by its share (what was taken is unknown)', () => {
    const { pacer, advance } = pacerAt(4, () => 0.5);
    pacer.note([twentyPer2s(6)]); // low, among others: a tenth of the rate
    const start = pacer.rate()!;
    advance(1000);
    pacer.note([twentyPer2s(8)]);
    const steered = pacer.rate()!;
    advance(5000);
    pacer.note([twentyPer2s(19)]); // full again: the others went quiet
    expect(pacer.rate()).toBeGreaterThan(steered * 1.5);
    expect(steered).toBeGreaterThan(start);
  });

  it('keeps to every limit an answer tells: one with plenty left never hides one running low', () => {
    const { pacer, advance } = pacerAt(4);
    // A shop's key (20 per 10 s) full, the platform's own limit (200 per 2 s) falling: the
    // key has least left, and read alone it would say "plenty, no spacing" (500 tills sent
    // twice what the platform allowed that way).
    const answer = (global: number) => [
      { name: 'key', remaining: 20, resetSeconds: 1, limit: 20, windowSeconds: 10 },
      { name: 'global', remaining: global, resetSeconds: 1, limit: 200, windowSeconds: 2 },
    ];
    pacer.note(answer(60));
    const first = pacer.rate()!;
    expect(first).toBeGreaterThan(0);
    advance(1000);
    pacer.note(answer(20)); // still falling: paced down by the platform's limit
    expect(pacer.rate()).toBeLessThan(first);
  });

  it("back after an outage, a day's quota far from run dry does not set the start", () => {
    const { pacer } = pacerAt(4);
    const day = { name: 'day', resetSeconds: 3600, limit: 10_000, windowSeconds: 86_400 };
    pacer.note([
      { name: 'bucket', remaining: 3, resetSeconds: 1, limit: 8, windowSeconds: 4 },
      { ...day, remaining: 9000 },
    ]);
    pacer.resume();
    // The bucket lifted (no policy, plenty), the day's quota told without its policy.
    pacer.note([
      { name: 'bucket', remaining: 999, resetSeconds: 1, limit: null, windowSeconds: null },
      { ...day, remaining: 9999, limit: null, windowSeconds: null },
    ]);
    expect(pacer.rate()).toBeNull(); // seed 105: a request every 17 s
  });

  it('back after an outage, waits a random part of a second (each till its own draw)', () => {
    const early = pacerAt(4, () => 0.1).pacer;
    const late = pacerAt(4, () => 0.9).pacer;
    early.resume();
    late.resume();
    expect([early.reserve(), late.reserve()]).toEqual([100, 900]);
    late.release(); // a person's Resync: now
    expect(late.heldForMs()).toBe(0);
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
    pacer.note([{ name: null, remaining: 0, resetSeconds: 5, limit: 10, windowSeconds: null }]);
    pacer.release(askedAt);
    expect(pacer.heldForMs()).toBe(5000);
    pacer.release();
    expect(pacer.heldForMs()).toBe(0);
  });
});
