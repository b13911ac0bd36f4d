// Politeness to a busy platform, for the whole queue (rate limits are per key, not per
// sale): a 429/503 with Retry-After holds every sender for that time, and the platform's
// rate-limit headers space the requests out before the quota runs dry. Monotonic time,
// injected timers and an injected random source only.
//
// A platform may tell several limits at once (a shop's key and the platform as a whole):
// each policy told (q per w) is steered on its own (quota-steering.ts) and the till keeps
// to the slowest pace they ask for, so a limit with plenty left never hides one running
// low. Without a policy only `r` per `t` is known, and it is spent as told. Back from an
// outage, a till does not know how many came back with it: it sends one request, and its
// answer's `r` tells how many took from the bucket before it.
import type { Clock } from './clock.js';
import type { RateLimitReading } from './rate-limit-headers.js';
import { policyKey, policyOf } from './quota-policy.js';
import { createQuotaSteering, roomForAPass, type QuotaSteering } from './quota-steering.js';

/** Readings whose times are kept, to tell this till's part of a quota's fall. */
const READINGS_KEPT = 256;
/** Tills back from an outage spread their first requests over this long. */
const RESUME_SPREAD_MS = 1000;
/**
 * Refused this soon after an outage, a till is one of a chain that came back together: it
 * starts again from the least pace (halving took two or three refusals a till, 500 tills).
 */
const JUST_BACK_MS = 30_000;
/** Spacing longer than this between one till's requests is kept as a hold after its answer. */
const LONGEST_SPACING_MS = 1000;
/**
 * Policies whose steering is kept: a platform tells a few limits (a key's, its own), all in
 * each answer or, some platforms, only whichever has least left, in turn.
 */
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
  // Back from an outage: one request until the platform answers (a chain's tills all came
  // back at once), and the first reading sets the start (it tells how many, see note()).
  let firstRequest: { sent: boolean; answered: Promise<void>; answer: () => void } | null = null;
  let restarting = false;
  let resumedAt = -Infinity; // monotonic
  const heard: number[] = []; // monotonic: when this till's latest readings came
  // Each policy told lately, the most recently told last; those the latest answer told
  // set the pace (one told before but not now says nothing of this moment).
  const steerings = new Map<string, { steering: QuotaSteering; name: string | null }>();
  let current: QuotaSteering[] = [];
  const context = { clock, concurrency, heard };

  function answered(): void {
    firstRequest?.answer();
    firstRequest = null;
  }

  function holdFor(ms: number): void {
    holdUntil = Math.max(holdUntil, clock.monotonic() + ms);
    heldAt = clock.monotonic();
  }

  /** The slowest pace the policies of the latest answer ask for (null: none). */
  const rate = () =>
    current.reduce<number | null>((least, steering) => {
      const asked = steering.rate();
      return asked === null || (least !== null && least <= asked) ? least : asked;
    }, null);

  /**
   * The steering a reading is under: its own policy's (kept from before, or new), or, told
   * without one, a known policy of its name (any, unnamed) that it fits, the smallest (the
   * same quota in another form: quota-policy.ts); null when it is another quota.
   */
  function steeringFor(reading: RateLimitReading): QuotaSteering | null {
    const { name, limit, windowSeconds } = reading;
    if (limit && windowSeconds) {
      const key = `${name ?? ''}|${policyKey({ limit, windowSeconds })}`;
      const steering =
        steerings.get(key)?.steering ?? createQuotaSteering({ limit, windowSeconds }, context);
      return told(key, steering, name);
    }
    const fits = [...steerings]
      .filter(([, kept]) => name === null || kept.name === name)
      .filter(([, kept]) => policyOf(reading, kept.steering.policy) !== null)
      .sort(([, a], [, b]) => a.steering.policy.limit - b.steering.policy.limit);
    const [key, kept] = fits[0] ?? [];
    return key && kept ? told(key, kept.steering, kept.name) : null;
  }

  /** A policy told now: the most recently told, woken if the last answer did not tell it. */
  function told(key: string, steering: QuotaSteering, name: string | null): QuotaSteering {
    steerings.delete(key);
    steerings.set(key, { steering, name });
    if (steerings.size > POLICIES_KEPT) steerings.delete(steerings.keys().next().value!);
    if (!current.includes(steering)) steering.wake();
    return steering;
  }

  /** No policy told: what is left spread until more comes, as the platform said it. */
  function spendAsTold(reading: RateLimitReading): void {
    const resetMs = reading.resetSeconds * 1000;
    if (reading.remaining <= 0) {
      gapMs = resetMs;
      holdFor(resetMs);
      return;
    }
    // Plenty left: no spacing (the slots taken at the old spacing end too).
    if (roomForAPass(reading.remaining, concurrency())) return unpaced();
    gapMs = resetMs / reading.remaining;
  }

  function unpaced(): void {
    gapMs = 0;
    nextSlot = 0;
  }

  /** The spacing the policies ask for; a slow share is kept as a hold after each answer. */
  function repace(dry: boolean): void {
    const paced = rate();
    if (paced === null) return unpaced();
    gapMs = Math.min(1000 / paced, LONGEST_SPACING_MS);
    // A slow share (many tills on the key) is kept by holding the queue after each answer,
    // not by a worker waiting in place: a pass ends rather than keep a sale "sending" for
    // seconds with nothing on the wire (the simulation's seeds 78 and 161).
    if (!dry && 1000 / paced > LONGEST_SPACING_MS)
      holdUntil = Math.max(holdUntil, clock.monotonic() + 1000 / paced - LONGEST_SPACING_MS);
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
      answered();
    },
    /**
     * The platform answers again after an outage that ended for a chain's tills at once:
     * the first requests wait a random part of a second, so that they do not all arrive
     * together (a till's own pace, not the platform's ask: a Resync ends it too).
     */
    resume(): void {
      holdUntil = Math.max(holdUntil, clock.monotonic() + random() * RESUME_SPREAD_MS);
      let answer = () => {};
      const whenAnswered = new Promise<void>((resolve) => (answer = resolve));
      firstRequest = { sent: false, answered: whenAnswered, answer };
      restarting = true;
      resumedAt = clock.monotonic();
    },
    /**
     * While the first request after an outage waits for its answer, its answer (or its end
     * unsent); the other workers wait for it before taking a slot. Null otherwise.
     */
    firstAnswer: (): Promise<void> | null => (firstRequest?.sent ? firstRequest.answered : null),
    /** A request came back, answered or not (or was not sent after all). */
    answered,
    /** Monotonic ms left in a hold, 0 when none. */
    heldForMs: () => Math.max(0, holdUntil - clock.monotonic()),
    /** The shared-quota pace in requests/s, null while unpaced (for status and tests). */
    rate,
    /** Learns the spacing from an answer's rate-limit readings (`refused`: a 429's). */
    note(readings: readonly RateLimitReading[], refused = false): void {
      const first = restarting;
      restarting = false;
      if (readings.length === 0) return;
      heard.push(clock.monotonic());
      if (heard.length > READINGS_KEPT) heard.shift();
      const governed = readings.flatMap((reading) => {
        const steering = steeringFor(reading);
        return steering ? [{ reading, steering }] : [];
      });
      if (governed.length === 0) {
        // Another quota, or none told: the policies learnt before say nothing of it.
        steerings.clear();
        current = [];
        return spendAsTold(readings[0]!);
      }
      current = governed.map(({ steering }) => steering);
      const held = holdUntil > clock.monotonic();
      let dry = false;
      for (const { reading, steering } of governed) {
        // Back from an outage, the limit with least left says how many came back (a
        // day's quota, far from run dry, says nothing of the last seconds: seed 105, a
        // day's 9,999 of 10,000 left took the pace to a request in 17 s).
        const part = reading.remaining <= 0 ? random() : 0;
        const justBack = clock.monotonic() - resumedAt < JUST_BACK_MS;
        const how = { refused, restarting: first && reading === readings[0], justBack, held, part };
        const ask = steering.note(reading, how);
        if (!ask) continue;
        dry = true;
        holdFor(ask.holdMs);
      }
      repace(dry);
    },
    /**
     * How long until the next slot is free (0: now), at the spacing of the moment; nothing
     * is taken. A pass waits for a free slot and takes it then: slots taken ahead at a slow
     * spacing kept a till at it for seconds after the pace was raised.
     */
    untilFree: () => Math.max(0, holdUntil - clock.monotonic(), nextSlot - clock.monotonic()),
    /**
     * Takes the next request slot: how long to wait before sending (0: now). Waits are
     * short (spacing); a long hold ends the pass instead (see pass.ts).
     */
    reserve(): number {
      const now = clock.monotonic();
      const start = Math.max(now, holdUntil, nextSlot);
      nextSlot = start + gapMs;
      if (firstRequest) firstRequest.sent = true;
      return start - now;
    },
  };
}

export type Pacer = ReturnType<typeof createPacer>;
