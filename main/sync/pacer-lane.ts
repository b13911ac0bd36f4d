// The pace one quota policy asks of a till (see pacer.ts): a platform may limit a shop's key
// and itself as a whole, and tell both; each policy is steered on its own readings (a
// policy's `r` against another's says nothing), and the till keeps to the slowest.
//
// A key is often shared by a shop's or a chain's tills, and each sees the SAME `r`: a till
// that spent `r` as if it were its own would overshoot as many times as there are tills.
// With a policy (q per w) the quota is treated as shared: each till paces at a rate of its
// own, steered by how fast `r` moves against the policy's rate (see steer()), so that all
// the key's tills together take what the policy allows and the bucket stays half full.
// The same step for every till keeps their shares as they are, and each till's small raise
// is its own share of it: the raise of the whole chain stays small however many tills it
// has (an equal raise each grew with the number of tills: at 50, 36 % of requests were
// 429s). Shares even out only as a quota runs dry (the large hear it most and halve).
// Without a policy only `r` per `t` is known, and it is spent as told.
import type { Clock } from './clock.js';
import type { RateLimitReading } from './rate-limit-headers.js';

/** How often the pace is steered: long enough for `r`, a whole number, to say something. */
const STEER_EVERY_MS = 1000;
/** Seconds in which the bucket's level is brought back to half full. */
const SETTLE_SECONDS = 2;
/**
 * The raise per second, as a share of the policy's rate, that the tills on it take
 * together: each takes its part (its share of what was taken), so hundreds of tills do not
 * raise the total hundreds of times over (the fleet simulation's herd after an outage).
 */
const RAISE_PER_SECOND = 0.01;
/** Damping: each steering goes half way (in ratio) to what the reading asks for. */
const GAIN = 0.5;
/** A till first running low starts at this share of the policy's rate, then grows. */
const FIRST_SHARE = 0.1;
/** A till whose answers were this share of all the quota taken counts as alone on it. */
const ALONE_SHARE = 0.8;
/** Spacing longer than this between one till's requests is kept as a hold after its answer. */
export const LONGEST_SPACING_MS = 1000;
/** The most one till may take: twice the policy's rate (while the burst lasts). */
const MOST_OF_POLICY = 2;
/** The least a till goes down to, as a share of the policy's rate... */
const LEAST_OF_POLICY = 0.01;
/** ...and never below one request per this long: a share of a quota hundreds of tills use. */
const LONGEST_GAP_MS = 10_000;

export interface LaneHolds {
  /** The whole queue waits this long: the platform asked (a quota run dry). */
  hold(ms: number): void;
  /** The whole queue waits this long: this till's own slow share (a Resync ends it). */
  space(ms: number): void;
  heldForMs(): number;
  /**
   * Just back from an outage (its chain came back with it): how long ago, how many answers
   * this till has had since, and about what part of its chain is back by now (each till
   * waits a random part of the same spread: the early ones' answers are a larger part of
   * what was taken than they will be); null when not back from an outage.
   */
  rejoined(): { seconds: number; answers: number; arrived: number } | null;
}

export function createLane(
  clock: Clock,
  concurrency: () => number,
  random: () => number,
  holds: LaneHolds,
) {
  let gapMs = 0;
  // The shared-quota pace (requests/s), once this till has met a policy it must share;
  // null while the quota has never run low (it may be this till's alone: no spacing).
  let rate: number | null = null;
  // While unpaced: the first reading and this till's answers since, to tell on running low
  // whether the quota fell by what this till took (alone: start at the whole rate) or more.
  let sample: { at: number; remaining: number; answers: number } | null = null;
  let resumeAt: number | null = null; // the pace to take up again when it runs low again
  let mark: { at: number; remaining: number; answers: number } | null = null; // the last steering's reading
  let policy = ''; // the q/w the pace was learnt under

  /** The least pace: a till that cannot tell its share starts there and grows. */
  const least = (policyRate: number) =>
    Math.min(policyRate * LEAST_OF_POLICY, 1000 / LONGEST_GAP_MS);
  const bounded = (value: number, policyRate: number) =>
    Math.min(policyRate * MOST_OF_POLICY, Math.max(least(policyRate), value));

  function unpaced(): void {
    if (rate !== null) resumeAt = rate;
    rate = null;
    sample = null;
    mark = null;
    gapMs = 0;
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
   * the key's total there in one step when every till does the same.
   */
  function steer(reading: RateLimitReading, policyRate: number, limit: number): void {
    const now = clock.monotonic();
    // Running low again: the pace it left off at. First time: see firstPace().
    const current = rate ?? pace(resumeAt ?? firstPace(reading, policyRate), policyRate);
    sample = null;
    if (!mark) {
      mark = { at: now, remaining: reading.remaining, answers: 0 };
      return;
    }
    mark.answers += 1;
    const seconds = (now - mark.at) / 1000;
    if (seconds * 1000 < STEER_EVERY_MS) return;
    if (reading.remaining >= limit * 0.75) {
      // Nearly full a second on: the quota is not used up; no spacing until it runs low,
      // then this pace doubled (it left room).
      pace(current * 2, policyRate);
      unpaced();
      return;
    }
    const taken = policyRate + (mark.remaining - reading.remaining) / seconds;
    // The level aimed at: half full, room for tills that join; a till that took nearly all
    // of it (alone on the key) spends the burst down to an eighth.
    const share = Math.min(1, mark.answers / Math.max(1, taken * seconds));
    const aim = share >= ALONE_SHARE ? limit / 8 : limit / 2;
    const wanted = policyRate + (reading.remaining - aim) / SETTLE_SECONDS;
    // Doubling at most per second (a till starved of readings catches up in one step).
    const most = 2 ** Math.max(1, seconds);
    const factor = taken <= 0 ? most : Math.min(most, Math.max(0.25, (wanted / taken) ** GAIN));
    const raise = policyRate * RAISE_PER_SECOND * seconds * share;
    pace(current * factor + raise, policyRate);
    mark = { at: now, remaining: reading.remaining, answers: 0 };
  }

  /**
   * This till's part of what the quota lost while it ran unpaced, at the policy's rate (alone:
   * the whole rate). Back from an outage, the quota was whole when it ended (nobody could
   * spend it): what it lost since is what the chain took, this till's answers its part (a
   * tenth each would be many times the rate for a chain of hundreds). Else, with too few
   * answers to tell, a tenth of the rate; the steering then brings it where it belongs.
   */
  function firstPace(reading: RateLimitReading, policyRate: number): number {
    const share = (answers: number, lost: number, seconds: number, part = 1) =>
      Math.max(
        least(policyRate),
        policyRate * part * Math.min(1, answers / Math.max(1, lost + policyRate * seconds)),
      );
    const rejoined = holds.rejoined();
    if (rejoined && reading.limit) {
      const { answers, seconds, arrived } = rejoined;
      return share(answers, reading.limit - reading.remaining, seconds, arrived);
    }
    if (!sample || sample.answers < 2) return policyRate * FIRST_SHARE;
    const seconds = (clock.monotonic() - sample.at) / 1000;
    return share(sample.answers + 1, sample.remaining - reading.remaining, seconds);
  }

  /** No policy told: what is left spread until more comes, as the platform said it. */
  function spendAsTold(reading: RateLimitReading, resetMs: number): void {
    if (reading.remaining <= 0) {
      gapMs = resetMs;
      holds.hold(resetMs);
      return;
    }
    // Plenty left: no spacing.
    if (reading.remaining > concurrency() * 2) return unpaced();
    gapMs = resetMs / reading.remaining;
  }

  return {
    /** Spacing between this till's requests under this policy (0: none). */
    gapMs: () => gapMs,
    rate: () => rate,
    /** Learns the spacing from one policy's reading. */
    note(reading: RateLimitReading): void {
      const resetMs = reading.resetSeconds * 1000;
      const { limit, windowSeconds } = reading;
      if (!limit || !windowSeconds) return spendAsTold(reading, resetMs);
      const policyRate = limit / windowSeconds;
      if (`${limit}/${windowSeconds}` !== policy) {
        // Another policy (a quota raised or lifted): a pace learnt under the old one says
        // nothing of this one, and would keep a till slow under a quota it no longer has.
        policy = `${limit}/${windowSeconds}`;
        unpaced();
        resumeAt = null;
      }
      if (reading.remaining <= 0) {
        // Run dry: every till sharing the key hears it at about the same time. Each halves
        // its pace (once per hold: its other requests in flight hear the same) and waits
        // until more comes plus a random part of one more request's time, or of the reset,
        // so that they do not all come back at once.
        const spread = Math.max(resetMs, 1000 / policyRate);
        if (holds.heldForMs() <= 0)
          pace((rate ?? resumeAt ?? firstPace(reading, policyRate) * 2) / 2, policyRate);
        holds.hold(resetMs + random() * spread);
        mark = null;
        return;
      }
      const plenty = reading.remaining > Math.max(concurrency() * 2, limit / 2);
      // Just back from an outage, the quota is whole and a chain may be coming: plenty left
      // says nothing unless what it lost was this till's own (alone on it).
      const rejoined = holds.rejoined();
      const crowded = rejoined && rejoined.answers < ALONE_SHARE * (limit - reading.remaining);
      if (rate === null && plenty && !crowded) {
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
        holds.space(1000 / rate - LONGEST_SPACING_MS);
    },
  };
}

export type Lane = ReturnType<typeof createLane>;
