// Noticing a step of the till's wall clock (set by hand, corrected by NTP, a wrong time
// zone): the wall clock moved by more than the monotonic clock did. Waits are unaffected
// (they are monotonic); a person is told, since receipts carry the wall clock's time.
import type { Clock } from './clock.js';

/** A jump between wall and monotonic time larger than this is a clock step. */
export const CLOCK_STEP_MS = 2000;

export function createClockWatch(clock: Clock) {
  let base = { wall: clock.now(), mono: clock.monotonic() };
  return {
    /** The step since the last check (ms, and when), or null when the clock kept time. */
    check(): { ms: number; at: number } | null {
      const wall = clock.now();
      const mono = clock.monotonic();
      const drift = wall - base.wall - (mono - base.mono);
      base = { wall, mono };
      return Math.abs(drift) < CLOCK_STEP_MS ? null : { ms: Math.round(drift), at: wall };
    },
  };
}
