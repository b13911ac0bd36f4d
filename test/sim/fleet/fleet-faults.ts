// The bad input of a fleet run, chosen by name: 429s whose Retry-After is absurd (0,
// negative, ten years, an HTTP date in the past), a storm of 503s after the lift (some with
// Retry-After, in seconds or as a date, some without), and a key revoked for half the
// shops until they are given a new one. Each till must keep its policy through them, say
// so in its status, and lose nothing (fleet-checks.ts).
import { httpDate } from '../platform-answers.js';

export const FAULT_NAMES = ['none', 'retry-after', 'storm', 'revoked', 'all'] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

export interface FleetFaults {
  /** Replaces the honest Retry-After of a 429 (the RateLimit fields stay honest). */
  absurdRetryAfter: ((random: () => number, platformNow: number) => string) | null;
  /** From `fromMs` to `toMs` after the lift, this share of requests is answered 503. */
  storm: { fromMs: number; toMs: number; share: number } | null;
  /** Keys of this share of the shops are revoked at the lift, replaced `forMs` later. */
  revoked: { share: number; forMs: number } | null;
}

const TEN_YEARS_SECONDS = 10 * 365 * 86_400;

function absurdRetryAfter(random: () => number, platformNow: number): string {
  const values = ['0', '-5', String(TEN_YEARS_SECONDS), httpDate(platformNow - 3_600_000)];
  return values[Math.floor(random() * values.length)]!;
}

export function faultsNamed(name: FaultName): FleetFaults {
  const all = name === 'all';
  return {
    absurdRetryAfter: all || name === 'retry-after' ? absurdRetryAfter : null,
    storm: all || name === 'storm' ? { fromMs: 20_000, toMs: 80_000, share: 0.7 } : null,
    revoked: all || name === 'revoked' ? { share: 0.5, forMs: 300_000 } : null,
  };
}

/** The answer of a storm, or null when the request gets through to the quota. */
export function faultAnswer(
  faults: FleetFaults,
  random: () => number,
  sinceLiftMs: number,
  platformNow: number,
): { status: number; headers: Record<string, string> } | null {
  const storm = faults.storm;
  if (!storm || sinceLiftMs < storm.fromMs || sinceLiftMs >= storm.toMs) return null;
  if (random() >= storm.share) return null;
  const roll = random();
  const seconds = 1 + Math.floor(random() * 20);
  const retryAfter =
    roll < 0.4
      ? String(seconds)
      : roll < 0.6
        ? httpDate(platformNow + seconds * 1000)
        : roll < 0.7 && faults.absurdRetryAfter
          ? faults.absurdRetryAfter(random, platformNow)
          : null;
  return { status: 503, headers: retryAfter === null ? {} : { 'retry-after': retryAfter } };
}
