// Politeness to a busy platform, for the whole queue (rate limits are per key, not per
// sale): a 429/503 with Retry-After holds every sender for that time, and the platform's
// rate-limit headers space the requests out before the quota runs dry. Monotonic time,
// injected timers and an injected random source only.
//
// A platform may tell several policies at once (a shop's key and the platform as a whole):
// each is steered on its own (pacer-lane.ts) and the till keeps to the slowest of them.
// After an outage a chain's tills come back together: each waits a random part of a few
// seconds, then sends one request at a time until an answer tells it how much is left.
import type { Clock } from './clock.js';
import { createLane, type Lane } from './pacer-lane.js';
import type { RateLimitReading } from './rate-limit-headers.js';

/**
 * Tills back from an outage spread their first requests over this long, and until an answer
 * tells how much of the quota is left, space the next ones this far apart: a chain's
 * hundreds of tills would otherwise empty a shared bucket many times over in its first
 * second (the fleet simulation, test/sim/fleet/). The gap is short because a pass's worker
 * sleeps out the slot it took, even once an answer ended the gap (5 s: ten daemons drained
 * at 0.40 of their key's rate, test/sync/fleet.process.test.ts).
 */
const RESUME_SPREAD_MS = 1000;
const REJOIN_GAP_MS = 1000;
/** A till this long back from an outage may share its quota with a whole chain just back. */
const REJOINING_MS = 60_000;
/** A reading that names no policy: the platform's one quota. */
const UNNAMED = '';

export function createPacer(
  clock: Clock,
  concurrency: () => number,
  random: () => number = Math.random,
) {
  let holdUntil = 0; // monotonic
  let heldAt = -Infinity; // monotonic: when the platform last asked for a hold
  let nextSlot = 0; // monotonic: when the next request may start
  const lanes = new Map<string, Lane>();
  let rejoinGapMs = 0; // back after an outage: the spacing until a reading comes
  let resumedAt = -Infinity; // monotonic
  let answersSinceResume = 0;

  function holdFor(ms: number): void {
    holdUntil = Math.max(holdUntil, clock.monotonic() + ms);
    heldAt = clock.monotonic();
  }

  const heldForMs = () => Math.max(0, holdUntil - clock.monotonic());
  const holds = {
    hold: holdFor,
    space: (ms: number) => void (holdUntil = Math.max(holdUntil, clock.monotonic() + ms)),
    heldForMs,
    rejoined() {
      const since = clock.monotonic() - resumedAt;
      if (since >= REJOINING_MS) return null;
      const arrived = Math.min(1, since / RESUME_SPREAD_MS);
      return { seconds: since / 1000, answers: answersSinceResume, arrived };
    },
  };

  function lane(name: string): Lane {
    let found = lanes.get(name);
    if (!found) lanes.set(name, (found = createLane(clock, concurrency, random, holds)));
    return found;
  }

  /** The slowest policy's spacing: the till keeps to every quota it was told. */
  const gapMs = () => Math.max(rejoinGapMs, ...[...lanes.values()].map((each) => each.gapMs()));

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
     * the first request waits a random part of a few seconds, and the next ones wait for an
     * answer's reading, so that the tills do not all arrive together (a till's own pace,
     * not the platform's ask: a Resync ends the wait).
     */
    resume(): void {
      holdUntil = Math.max(holdUntil, clock.monotonic() + random() * RESUME_SPREAD_MS);
      rejoinGapMs = REJOIN_GAP_MS;
      resumedAt = clock.monotonic();
      answersSinceResume = 0;
    },
    /** Monotonic ms left in a hold, 0 when none. */
    heldForMs,
    /** The shared-quota pace in requests/s (the slowest policy's), null while unpaced. */
    rate(): number | null {
      const rates = [...lanes.values()].map((each) => each.rate()).filter((r) => r !== null);
      return rates.length > 0 ? Math.min(...rates) : null;
    },
    /** Learns the spacing from the latest rate-limit reading (each policy it tells). */
    note(reading: RateLimitReading | null): void {
      const before = gapMs();
      rejoinGapMs = 0; // an answer came: its reading (or none: no quota told) sets the pace
      answersSinceResume += 1;
      if (before > 0 && gapMs() === 0) nextSlot = 0;
      if (!reading) return;
      for (const policy of reading.policies ?? [reading]) lane(policy.name ?? UNNAMED).note(policy);
      // No spacing any more: the slots taken at the old spacing end too.
      if (before > 0 && gapMs() === 0) nextSlot = 0;
    },
    /**
     * Takes the next request slot: how long to wait before sending (0: now). Waits are
     * short (spacing); a long hold ends the pass instead (see pass.ts).
     */
    reserve(): number {
      const now = clock.monotonic();
      const start = Math.max(now, holdUntil, nextSlot);
      nextSlot = start + gapMs();
      return start - now;
    },
  };
}

export type Pacer = ReturnType<typeof createPacer>;
