// Exponential backoff with full jitter (AWS Architecture Blog, "Exponential Backoff and
// Jitter"): wait a random time between 0 and min(cap, base × 2^(n-1)) after the nth failure,
// so that many tills coming back at once do not all retry in step.

export function fullJitterDelay(
  failures: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(Math.max(failures, 1) - 1, 40));
  return Math.floor(random() * ceiling);
}
