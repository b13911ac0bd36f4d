// The housekeeping's time: the system's, or for a soak run a faster one in which a day
// (the daily backup and archive, the weekly integrity check) passes in TILLSYNC_HOUSEKEEPING_DAY_MS
// of real time. Only the housekeeping runs on it: the sync engine, the sales and their
// times keep the real clock.
import type { Clock, Timers } from '../sync/clock.js';

export const HOUSEKEEPING_DAY_ENV = 'TILLSYNC_HOUSEKEEPING_DAY_MS';
const DAY_MS = 86_400_000;
const SHORTEST_DAY_MS = 1_000;

/** The day's length the environment asks for, or an error naming the variable. */
export function housekeepingDayOf(
  env: NodeJS.ProcessEnv,
): { ok: true; dayMs: number | undefined } | { ok: false; error: string } {
  const raw = env[HOUSEKEEPING_DAY_ENV];
  if (raw === undefined || raw === '') return { ok: true, dayMs: undefined };
  const dayMs = Number(raw);
  if (!Number.isInteger(dayMs) || dayMs < SHORTEST_DAY_MS || dayMs > DAY_MS)
    return {
      ok: false,
      error: `${HOUSEKEEPING_DAY_ENV} must be a whole number of ms from ${SHORTEST_DAY_MS} to ${DAY_MS} (a day), not "${raw}"`,
    };
  return { ok: true, dayMs };
}

/** A clock and timers on which `dayMs` of the given ones make a day, from now on. */
export function housekeepingTime(clock: Clock, timers: Timers, dayMs = DAY_MS) {
  const speed = DAY_MS / dayMs;
  if (speed === 1) return { clock, timers, speed };
  const startedAt = clock.now();
  const startedMonotonic = clock.monotonic();
  const elapsed = () => (clock.monotonic() - startedMonotonic) * speed;
  return {
    clock: { now: () => startedAt + elapsed(), monotonic: () => clock.monotonic() * speed },
    timers: {
      after: (ms, run, options) => timers.after(ms / speed, run, options),
      soon: (run) => timers.soon(run),
    } satisfies Timers,
    speed,
  };
}
