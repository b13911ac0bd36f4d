// Politeness to a busy platform, for the whole queue (rate limits are per key, not per
// sale): a 429/503 with Retry-After holds every sender for that time, and the platform's
// rate-limit headers space the requests out before the quota runs dry. Monotonic time,
// injected timers and an injected random source only.
//
// A key is often shared by a shop's or a chain's tills, and each sees the SAME `r`: a till
// that spent `r` as if it were its own would overshoot as many times as there are tills.
// With a policy (q per w) the quota is treated as shared: each till paces at a rate of its
// own, steered by how fast `r` moves against the policy's rate (see steer()), so that all
// the key's tills together take what the policy allows and the bucket stays half full;
// the same step for every till and a small raise, larger in proportion for the small, make
// their shares converge to fair ones. Without a policy only `r` per `t` is known, and it is
// spent as told.
import type { Clock } from './clock.js';
import type { RateLimitReading } from './rate-limit-headers.js';
import { policyKey, policyOf, type Policy } from './quota-policy.js';

/** How often the pace is steered: long enough for `r`, a whole number, to say something. */
const STEER_EVERY_MS = 1000;
/** Seconds in which the bucket's level is brought back to half full. */
const SETTLE_SECONDS = 2;
/** The raise a till alone takes per second, as a share of the policy's rate (see steer()). */
const RAISE_PER_SECOND = 0.01;
/** Damping: each steering goes half way (in ratio) to what the reading asks for. */
const GAIN = 0.5;
/** A till first running low starts at this share of the policy's rate, then doubles. */
const FIRST_SHARE = 0.1;
/** A till whose answers were this share of all the quota taken counts as alone on it. */
const ALONE_SHARE = 0.8;
/** Readings whose times are kept, to tell this till's part of a quota's fall. */
const READINGS_KEPT = 256;
/** Tills back from an outage spread their first requests over this long. */
const RESUME_SPREAD_MS = 1000;
/** Spacing longer than this between one till's requests is kept as a hold after its answer. */
const LONGEST_SPACING_MS = 1000;
/** The most one till may take: twice the policy's rate (while the burst lasts). */
const MOST_OF_POLICY = 2;
/**
 * The least a till goes down to: a tenth of the policy's rate or a request every 10 s,
 * whichever is less (a chain's hundreds of tills on a platform-wide limit together stay
 * under it; a till of five on a small key still sends every 10 s).
 */
const LEAST_OF_POLICY = 0.1;
const LEAST_PER_SECOND = 0.1;

/** Policies whose paces are kept: a platform tells a few limits (a key's, its own). */
const POLICIES_KEPT = 4;

export function createPacer(
  clock: Clock,
  concurrency: () => number,
  random: () => number = Math.random,
) {
  let holdUntil = 0; // monotonic
  let heldAt = -Infinity; // monotonic: when the platform last asked for a hold
  let nextSlot = 0; // monotonic: when the next request may start
  let gapMs = 0;
  // The shared-quota pace (requests/s), once this till has met a policy it must share;
  // null while the quota has never run low (it may be this till's alone: no spacing).
  let rate: number | null = null;
  // While unpaced: the first reading and this till's answers since, to tell on running low
  // whether the quota fell by what this till took (alone: start at the whole rate) or more.
  let sample: { at: number; remaining: number; answers: number } | null = null;
  let resumeAt: number | null = null; // the pace to take up again when it runs low again
  let mark: { at: number; remaining: number; answers: number } | null = null; // the last steering's reading
  let policy: Policy | null = null; // the q per w the pace was learnt under
  let aloneLately = false; // whether this till was last found alone on the key
  const heard: number[] = []; // monotonic: when this till's latest readings came
  const paces = new Map<string, number>(); // the pace learnt under each policy told lately
  function remember(told: Policy, learnt: number): void {
    paces.delete(policyKey(told));
    paces.set(policyKey(told), learnt);
    if (paces.size > POLICIES_KEPT) paces.delete(paces.keys().next().value!);
  }

  function holdFor(ms: number): void {
    holdUntil = Math.max(holdUntil, clock.monotonic() + ms);
    heldAt = clock.monotonic();
  }

  /** Enough left that a pass's workers all sending at once leave plenty (no spacing). */
  const roomForAPass = (remaining: number) => remaining > concurrency() * 2;

  const least = (policyRate: number) => Math.min(LEAST_PER_SECOND, policyRate * LEAST_OF_POLICY);
  const bounded = (value: number, policyRate: number) =>
    Math.min(policyRate * MOST_OF_POLICY, Math.max(least(policyRate), value));

  function unpaced(): void {
    if (rate !== null) resumeAt = rate;
    rate = null;
    sample = null;
    mark = null;
    gapMs = 0;
    nextSlot = 0;
  }

  function pace(value: number, policyRate: number): number {
    const paced = bounded(value, policyRate);
    rate = paced;
    gapMs = Math.min(1000 / paced, LONGEST_SPACING_MS);
    return paced;
  }

  /**
   * The bucket refills at the policy's rate, so what every till together took since the
   * last steering is that rate plus how far `r` fell. Scaling this till's pace by what the
   * bucket can give (the rate, plus a pull back to half full) over what was taken brings
   * the key's total there in one step when every till does the same; the raise after it
   * evens out their shares (the large give up more than the small).
   */
  function steer(reading: RateLimitReading, policyRate: number, limit: number): void {
    const now = clock.monotonic();
    const current = rate ?? pace(startingPace(reading, policyRate, limit), policyRate);
    sample = null;
    if (!mark) {
      mark = { at: now, remaining: reading.remaining, answers: 0 };
      return;
    }
    mark.answers += 1;
    const seconds = (now - mark.at) / 1000;
    if (seconds * 1000 < STEER_EVERY_MS) return;
    const taken = policyRate + (mark.remaining - reading.remaining) / seconds;
    const alone = mark.answers >= ALONE_SHARE * taken * seconds;
    aloneLately = alone;
    if (alone && reading.remaining >= limit * 0.75 && roomForAPass(reading.remaining)) {
      // Alone and nearly full a second on: the quota is not used up; no spacing until it
      // runs low, then this pace doubled (it left room). A till among others keeps its
      // pace and steers up: all unpaced at once, they overshot together. Only if the
      // bucket holds a whole pass: an unpaced pass sends as many at once as it has workers
      // (seed 568: five workers, three left in a bucket of four, two 429s).
      pace(current * 2, policyRate);
      unpaced();
      return;
    }
    // The level aimed at: half full, room for tills that join; a till that took nearly all
    // of it (alone on the key) spends the burst down to an eighth.
    const aim = alone ? limit / 8 : limit / 2;
    // Far under its aim, the bucket may ask for less than nothing: as little as allowed (a
    // negative ratio's square root made the pace NaN, and every wait after it).
    const wanted = Math.max(0, policyRate + (reading.remaining - aim) / SETTLE_SECONDS);
    // Doubling at most per second (a till starved of readings catches up in one step).
    const most = 2 ** Math.max(1, seconds);
    const factor = taken <= 0 ? most : Math.min(most, Math.max(0.25, (wanted / taken) ** GAIN));
    // Small, and scaled by the square root of this till's share of what was taken: every
    // till takes it, so the level settles that many raises under its aim; with an equal
    // raise, fifty tills together added half the policy's rate a second. The root keeps
    // more of it for the small (their shares still converge to fair ones).
    const share = Math.min(1, current / Math.max(taken, least(policyRate)));
    const raise = policyRate * RAISE_PER_SECOND * seconds * Math.sqrt(share);
    pace(current * factor + raise, policyRate);
    mark = { at: now, remaining: reading.remaining, answers: 0 };
  }

  /**
   * Running low again: the pace it left off at. First time: the part its own answers were
   * of what the quota lost (alone: the whole rate), or a tenth when it cannot tell.
   */
  function startingPace(reading: RateLimitReading, policyRate: number, limit: number): number {
    if (resumeAt !== null) return resumeAt;
    const share = firstShare(reading, policyRate, limit);
    aloneLately = share >= ALONE_SHARE;
    return policyRate * share;
  }

  /** This till's part of what the quota lost while it ran unpaced (1: alone). */
  function firstShare(reading: RateLimitReading, policyRate: number, limit: number): number {
    const share = (mine: number, taken: number) =>
      Math.min(1, Math.max(FIRST_SHARE, mine / Math.max(1, taken)));
    if (sample && sample.answers >= 2) {
      const seconds = (clock.monotonic() - sample.at) / 1000;
      return share(sample.answers + 1, sample.remaining - reading.remaining + policyRate * seconds);
    }
    // No sample (the policy first told when already low): the quota fell at most from whole
    // to what is left, and this till's answers within one window are its part of that
    // (seed 1088: a till alone that learnt the policy at 6 of 8 took a tenth, 40 s a sale).
    const since = clock.monotonic() - (limit / policyRate) * 1000;
    return share(heard.filter((at) => at >= since).length, limit - reading.remaining);
  }

  /** No policy told: what is left spread until more comes, as the platform said it. */
  function spendAsTold(reading: RateLimitReading, resetMs: number): void {
    if (reading.remaining <= 0) {
      gapMs = resetMs;
      holdFor(resetMs);
      return;
    }
    // Plenty left: no spacing (the slots taken at the old spacing end too).
    if (roomForAPass(reading.remaining)) return unpaced();
    gapMs = resetMs / reading.remaining;
  }

  return {
    /** The whole queue waits this long (the platform asked with Retry-After). */
    hold: holdFor,
    /**
     * A person asked to try now: the hold and the slots taken during it end (the pacing
     * stays). `askedAt` (monotonic), for a Resync asked in another process: a hold the
     * platform asked for since then is its answer to a request sent after, and stays.
     */
    release(askedAt = Infinity): void {
      if (heldAt >= askedAt) return;
      holdUntil = 0;
      nextSlot = 0;
    },
    /**
     * The platform answers again after an outage that ended for a chain's tills at once:
     * the first requests wait a random part of a second, so that they do not all arrive
     * together (a till's own pace, not the platform's ask: a Resync ends it too).
     */
    resume(): void {
      holdUntil = Math.max(holdUntil, clock.monotonic() + random() * RESUME_SPREAD_MS);
    },
    /** Monotonic ms left in a hold, 0 when none. */
    heldForMs: () => Math.max(0, holdUntil - clock.monotonic()),
    /** The shared-quota pace in requests/s, null while unpaced (for status and tests). */
    rate: () => rate,
    /** Learns the spacing from the latest rate-limit reading (`refused`: of a 429). */
    note(reading: RateLimitReading | null, refused = false): void {
      if (!reading) return;
      heard.push(clock.monotonic());
      if (heard.length > READINGS_KEPT) heard.shift();
      const resetMs = reading.resetSeconds * 1000;
      const told = policyOf(reading, policy);
      if (!told) {
        // Another quota, or none told: the policy learnt before says nothing of it.
        policy = null;
        return spendAsTold(reading, resetMs);
      }
      const { limit, windowSeconds } = told;
      const policyRate = limit / windowSeconds;
      if (limit !== policy?.limit || windowSeconds !== policy.windowSeconds) {
        // Another policy (a quota raised or lifted): a pace learnt under the old one says
        // nothing of this one, and would keep a till slow under a quota it no longer has.
        // A platform with several limits (the key's and its own) tells whichever has least
        // left, in turn: each keeps the pace learnt under it, or every turn would unpace
        // the chain's tills together (a surge of 429s every half minute, 50 tills).
        if (policy && rate !== null) remember(policy, rate);
        policy = told;
        unpaced();
        resumeAt = null;
        const learnt = paces.get(policyKey(told));
        if (learnt !== undefined) pace(learnt, policyRate);
      }
      if (reading.remaining <= 0) {
        // Run dry: every till sharing the key hears it at about the same time. Each waits
        // until more comes plus a random part of one more request's time, or of the reset,
        // so that they do not all come back at once. A till refused, or one among others
        // (the bucket is contended), halves its pace (once per hold: its other requests in
        // flight hear the same); a till alone that took the last token keeps the pace it
        // was steered to (at the policy's rate it often does: halving there took it to a
        // request every 4 min, seed 193). Unpaced (the policy first told in this hold,
        // after readings without one), it is paced whatever the hold: without spacing,
        // every worker would send the moment the hold ends (seeds 581 and 1621: two at once
        // into a bucket holding one).
        const spread = Math.max(resetMs, 1000 / policyRate);
        const current = rate ?? startingPace(reading, policyRate, limit);
        if ((refused || !aloneLately) && holdUntil <= clock.monotonic())
          pace(current / 2, policyRate);
        else if (rate === null) pace(current, policyRate);
        holdFor(resetMs + random() * spread);
        mark = null;
        return;
      }
      if (rate === null && roomForAPass(reading.remaining) && reading.remaining > limit / 2) {
        // Plenty left and not running low: no spacing (a till alone uses the burst).
        if (sample) sample.answers += 1;
        else unpaced();
        sample ??= { at: clock.monotonic(), remaining: reading.remaining, answers: 0 };
        return;
      }
      steer(reading, policyRate, limit);
      // A slow share (many tills on the key) is kept by holding the queue after each answer,
      // not by a worker waiting in place: a pass ends rather than keep a sale "sending" for
      // seconds with nothing on the wire (the simulation's seeds 78 and 161).
      if (rate !== null && 1000 / rate > LONGEST_SPACING_MS)
        holdUntil = Math.max(holdUntil, clock.monotonic() + 1000 / rate - LONGEST_SPACING_MS);
    },
    /**
     * Takes the next request slot: how long to wait before sending (0: now). Waits are
     * short (spacing); a long hold ends the pass instead (see pass.ts).
     */
    reserve(): number {
      const now = clock.monotonic();
      const start = Math.max(now, holdUntil, nextSlot);
      nextSlot = start + gapMs;
      return start - now;
    },
  };
}

export type Pacer = ReturnType<typeof createPacer>;
