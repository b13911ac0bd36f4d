// Which quota policy (q per w) a rate-limit reading is under, for the pacer: a platform
// may tell its policy in some answers only, or several limits in turn.
import type { RateLimitReading } from './rate-limit-headers.js';

export interface Policy {
  limit: number;
  windowSeconds: number;
}

/**
 * The policy a reading is under: its own, or the one last told when it tells none and does
 * not contradict it (no other limit, no more left than it holds). A platform may write its
 * fields in several forms (older fields beside a malformed RateLimit): one quota still, and
 * spending such a reading as told would drop what the pace learnt (seed 90: a till alone
 * whose sample was wiped by those answers took a tenth of the rate, 39 s per request).
 */
export function policyOf(reading: RateLimitReading, known: Policy | null): Policy | null {
  const { limit, windowSeconds } = reading;
  if (limit && windowSeconds) return { limit, windowSeconds };
  if (!known || (limit !== null && limit !== known.limit)) return null;
  return reading.remaining <= known.limit ? known : null;
}

/** A policy as a map key. */
export const policyKey = (told: Policy) => `${told.limit}/${told.windowSeconds}`;
