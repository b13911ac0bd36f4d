// The pace one quota policy (q per w) asks of this till, steered by what its readings say
// is left (the pacer, pacer.ts, keeps to every policy an answer tells at once).
//
// A key is often shared by a shop's or a chain's tills, and each sees the SAME `r`: a till
// that spent `r` as if it were its own would overshoot as many times as there are tills.
// The quota is treated as shared: each till paces at a rate of its own, steered by how fast
// `r` moves against the policy's rate (see steer()), so that all the key's tills together
// take what the policy allows and the bucket stays half full; the same step for every till
// and a small raise, larger in proportion for the small, make their shares converge to
// fair ones. While `r` says plenty is left the policy asks for no pace at all.
import type { Clock } from './clock.js';
import type { Policy } from './quota-policy.js';
import type { RateLimitReading } from './rate-limit-headers.js';

/**
 * How often the pace is steered: long enough for `r`, a whole number, to say something
 * (ten tokens' refill), and at least once a second. On a fast quota, four times a second:
 * steered once a second, ten daemons on a bucket of 40 refilled at 40/s swung between 20
 * and 50 requests/s, the bucket full for seconds of each swing (0.87 of the allowed rate).
 */
const STEER_TOKENS = 10;
const STEER_LEAST_MS = 250;
const STEER_MOST_MS = 1000;
/** Seconds in which the bucket's level is brought back to half full. */
const SETTLE_SECONDS = 2;
/**
 * The raise a till alone takes per second, as a share of the policy's rate (see steer()).
 * A till among N takes it scaled by the root of its share: N of them add this times the
 * root of N. It holds the level that many raises under its aim: at a hundredth, 500 tills
 * added a fifth of the rate every second and the bucket stayed empty (11 % of requests
 * refused); at this, half full, with none refused.
 */
const RAISE_PER_SECOND = 0.0005;
/**
 * How much a till's share bends each steering: a till taking a larger part of the quota
 * steers down harder and up more gently than a smaller one (the same step for all keeps
 * their shares as they are; the raise alone, this small, left a till that came first with
 * 1.7 times the median share two minutes on). Tills of equal shares steer alike, so the
 * level the chain keeps does not move.
 */
const SHARE_BEND = 2;
/** Damping: each steering goes half way (in ratio) to what the reading asks for. */
const GAIN = 0.5;
/** The most one steering cuts a pace by (a reading is a whole number: it can mislead). */
const LEAST_FACTOR = 0.25;
/** A till first running low starts at this share of the policy's rate, then doubles. */
const FIRST_SHARE = 0.1;
/** A till whose answers were this share of all the quota taken counts as alone on it. */
const ALONE_SHARE = 0.8;
/**
 * Over this long, what others took says whether a till has company on the quota: more
 * than this part of what was taken, and more tokens than a reading's rounding explains.
 * (A till that joined one alone, sending a tenth as much, hid inside the fifth a second's
 * look forgives: the first kept the level at an eighth, and the second starved.)
 */
const COMPANY_WINDOW_MS = 5000;
const COMPANY_SHARE = 0.05;
const COMPANY_TOKENS = 2;
/** The most one till may take: twice the policy's rate (while the burst lasts). */
const MOST_OF_POLICY = 2;
/**
 * The least a till goes down to: a tenth of the policy's rate or a request every 10 s,
 * whichever is less (a chain's hundreds of tills on a platform-wide limit together stay
 * under it; a till of five on a small key still sends every 10 s).
 */
const LEAST_OF_POLICY = 0.1;
const LEAST_PER_SECOND = 0.1;

export interface SteeringContext {
  clock: Clock;
  /** The pass's workers: a bucket holding fewer than twice as many is not plenty. */
  concurrency: () => number;
  /** When this till's latest readings came (monotonic, any policy's). */
  heard: readonly number[];
}

/** What a reading asks of the whole queue beyond the pace: a wait, when the bucket ran dry. */
export interface SteeringAsk {
  holdMs: number;
}

/** How the answer that brought a reading came. */
export interface ReadingCircumstances {
  /** A 429: this request was refused. */
  refused: boolean;
  /** The first answer since the platform was back from an outage. */
  restarting: boolean;
  /** The platform came back from an outage a moment ago (the chain's tills with it). */
  justBack: boolean;
  /** The queue is already held (the pace is halved once per hold). */
  held: boolean;
  /** A random draw in [0, 1): tills refused together come back apart. */
  part: number;
}

/** Enough left that a pass's workers all sending at once leave plenty (no spacing). */
export const roomForAPass = (remaining: number, concurrency: number) => remaining > concurrency * 2;

export function createQuotaSteering(policy: Policy, context: SteeringContext) {
  const { clock } = context;
  const { limit } = policy;
  const policyRate = policy.limit / policy.windowSeconds;
  const least = Math.min(LEAST_PER_SECOND, policyRate * LEAST_OF_POLICY);
  const steerEveryMs = Math.min(
    STEER_MOST_MS,
    Math.max(STEER_LEAST_MS, (STEER_TOKENS / policyRate) * 1000),
  );
  // The shared-quota pace (requests/s) once the quota ran low; null while it never has
  // (it may be this till's alone: no spacing).
  let rate: number | null = null;
  // While unpaced: the first reading and this till's answers since, to tell on running low
  // whether the quota fell by what this till took (alone: start at the whole rate) or more.
  let sample: { at: number; remaining: number; answers: number } | null = null;
  let resumeAt: number | null = null; // the pace to take up again when it runs low again
  let mark: { at: number; remaining: number; answers: number } | null = null; // the last steering's reading
  let aloneLately = false; // whether this till was last found alone on the key
  // The start of the last look at what others took, and whether they took much.
  let look: { at: number; remaining: number; answers: number } | null = null;
  let company = false;

  const pace = (value: number) =>
    (rate = Math.min(policyRate * MOST_OF_POLICY, Math.max(least, value)));

  function unpaced(): void {
    if (rate !== null) resumeAt = rate;
    rate = null;
    sample = null;
    mark = null;
    look = null;
  }

  /** Whether others took more than rounding explains over the last few seconds. */
  function hasCompany(reading: RateLimitReading, now: number): boolean {
    if (!look) look = { at: now, remaining: reading.remaining, answers: 0 };
    look.answers += 1;
    const seconds = (now - look.at) / 1000;
    if (seconds * 1000 < COMPANY_WINDOW_MS) return company;
    const others = policyRate * seconds + look.remaining - reading.remaining - look.answers;
    // A full bucket threw refill away: what others took is not known, the last look stands.
    if (reading.remaining < limit - 1)
      company = others > Math.max(COMPANY_TOKENS, COMPANY_SHARE * (others + look.answers));
    look = { at: now, remaining: reading.remaining, answers: 0 };
    return company;
  }

  /**
   * The bucket refills at the policy's rate, so what every till together took since the
   * last steering is that rate plus how far `r` fell. Scaling this till's pace by what the
   * bucket can give (the rate, plus a pull back to half full) over what was taken brings
   * the key's total there in one step when every till does the same; the raise after it
   * evens out their shares (the large give up more than the small).
   */
  function steer(reading: RateLimitReading): void {
    const now = clock.monotonic();
    const current = rate ?? pace(startingPace(reading));
    sample = null;
    if (!mark) {
      mark = { at: now, remaining: reading.remaining, answers: 0 };
      return;
    }
    mark.answers += 1;
    const accompanied = hasCompany(reading, now);
    const seconds = (now - mark.at) / 1000;
    if (seconds * 1000 < steerEveryMs) return;
    const taken = policyRate + (mark.remaining - reading.remaining) / seconds;
    const alone = !accompanied && mark.answers >= ALONE_SHARE * taken * seconds;
    aloneLately = alone;
    if (
      alone &&
      reading.remaining >= limit * 0.75 &&
      roomForAPass(reading.remaining, context.concurrency())
    ) {
      // Alone and nearly full a second on: the quota is not used up; no spacing until it
      // runs low, then this pace doubled (it left room). A till among others keeps its
      // pace and steers up: all unpaced at once, they overshot together. Only if the
      // bucket holds a whole pass: an unpaced pass sends as many at once as it has workers
      // (seed 568: five workers, three left in a bucket of four, two 429s).
      pace(current * 2);
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
    // A bucket read full threw refill away: what was taken is not known, only that it was
    // less than the bucket gives, so the pace doubles (from the least pace, a till back in
    // a chain far smaller than a bucketful took minutes to find its share).
    const full = reading.remaining >= limit - 1;
    const factor =
      taken <= 0
        ? most
        : full
          ? Math.min(most, 2)
          : Math.min(most, Math.max(LEAST_FACTOR, (wanted / taken) ** GAIN));
    // Small, and scaled by the square root of this till's share of what was taken: every
    // till takes it, so the level settles that many raises under its aim. The root keeps
    // more of it for the small (their shares still converge to fair ones).
    const share = Math.min(1, current / Math.max(taken, least));
    const raise = policyRate * RAISE_PER_SECOND * seconds * Math.sqrt(share);
    // A till alone is not bent: its share is all there is (and, slow, it reads it badly).
    const bend = alone ? 1 : 1 + SHARE_BEND * share;
    const bent = factor > 1 ? factor ** (1 / bend) : Math.max(LEAST_FACTOR, factor ** bend);
    pace(current * bent + raise);
    mark = { at: now, remaining: reading.remaining, answers: 0 };
  }

  /**
   * Running low again: the pace it left off at. First time: the part its own answers were
   * of what the quota lost (alone: the whole rate), or a tenth when it cannot tell.
   */
  function startingPace(reading: RateLimitReading): number {
    if (resumeAt !== null) return resumeAt;
    const share = firstShare(reading);
    aloneLately = share >= ALONE_SHARE;
    return policyRate * share;
  }

  /** This till's part of what the quota lost while it ran unpaced (1: alone). */
  function firstShare(reading: RateLimitReading): number {
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
    return share(context.heard.filter((at) => at >= since).length, limit - reading.remaining);
  }

  return {
    policy,
    /** The pace this policy asks for, requests/s; null: none (plenty left). */
    rate: () => rate,
    /** Told again after answers that told other limits: what was measured since is stale. */
    wake(): void {
      sample = null;
      mark = null;
      look = null;
    },
    /** Learns from a reading of this policy; a wait for the whole queue when it ran dry. */
    note(reading: RateLimitReading, how: ReadingCircumstances): SteeringAsk | null {
      // Back from an outage, the first answer says how many came back before this till:
      // each took what the bucket lost, and the policy's rate is shared among them. (The
      // least pace once the bucket was half gone kept ten tills on a bucket of forty, four
      // a second each, at a tenth of a request a second for minutes.)
      if (how.restarting && rate === null) pace(policyRate / (limit - reading.remaining + 1));
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
        const resetMs = reading.resetSeconds * 1000;
        const spread = Math.max(resetMs, 1000 / policyRate);
        const current = rate ?? startingPace(reading);
        const paced =
          how.refused && how.justBack && !aloneLately
            ? pace(Math.min(current / 2, policyRate / (limit + 1)))
            : (how.refused || !aloneLately) && !how.held
              ? pace(current / 2)
              : (rate ?? pace(current));
        mark = null;
        // Never sooner than its own pace allows either (a slow share waited only for the
        // next token, and the chain's tills sent twice what the bucket gave, half of it
        // refused); a random part of it, so the tills refused together come back apart.
        return { holdMs: Math.max(resetMs + how.part * spread, (1000 / paced) * (0.5 + how.part)) };
      }
      if (
        rate === null &&
        roomForAPass(reading.remaining, context.concurrency()) &&
        reading.remaining > limit / 2
      ) {
        // Plenty left and not running low: no spacing (a till alone uses the burst).
        if (sample) sample.answers += 1;
        else unpaced();
        sample ??= { at: clock.monotonic(), remaining: reading.remaining, answers: 0 };
        return null;
      }
      steer(reading);
      return null;
    },
  };
}

export type QuotaSteering = ReturnType<typeof createQuotaSteering>;
