// Politeness to a busy platform, for the whole queue (rate limits are per key, not per
// sale): a 429/503 with Retry-After holds every sender for that time, and the platform's
// rate-limit headers space the requests out before the quota runs dry, so a rate-limited
// platform sees at most one burst of 429s. Monotonic time and injected timers only.
import type { Clock } from './clock.js';
import type { RateLimitReading } from './rate-limit-headers.js';

export function createPacer(clock: Clock, concurrency: () => number) {
  let holdUntil = 0; // monotonic
  let heldAt = -Infinity; // monotonic: when the platform last asked for a hold
  let nextSlot = 0; // monotonic: when the next request may start
  let gapMs = 0;

  function holdFor(ms: number): void {
    holdUntil = Math.max(holdUntil, clock.monotonic() + ms);
    heldAt = clock.monotonic();
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
    /** Monotonic ms left in a hold, 0 when none. */
    heldForMs: () => Math.max(0, holdUntil - clock.monotonic()),
    /** Learns the spacing from the latest rate-limit reading. */
    note(reading: RateLimitReading | null): void {
      if (!reading) return;
      const resetMs = reading.resetSeconds * 1000;
      // The policy's sustained rate (q per w: a bucket's refill, a window's average), when
      // told. A window's last few may run out before its reset at that rate: the answer
      // that says none is left then holds the queue until the reset.
      const policyGapMs =
        reading.limit && reading.windowSeconds
          ? (reading.windowSeconds * 1000) / reading.limit
          : Infinity;
      if (reading.remaining <= 0) {
        // Nothing left: wait for more, then one request per reset (or at the policy's rate)
        // until a reading says more is left (a burst at full concurrency would use it all
        // up again).
        gapMs = Math.min(resetMs, policyGapMs);
        holdFor(resetMs);
        return;
      }
      // Plenty left: no spacing.
      if (reading.remaining > concurrency() * 2) {
        // The slots taken at the old spacing end too: no sale waits for a pace now over.
        gapMs = 0;
        nextSlot = 0;
        return;
      }
      // Near the end: what is left spread until more comes (never more than told before
      // the reset, whether it means "more" or "whole again"), or the policy's rate when
      // that is faster: a bucket whose next token is 10 ms away still says t=1.
      gapMs = Math.min(resetMs / reading.remaining, policyGapMs);
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
