// Rate limit: a token bucket per API key. Each request takes a token; tokens refill at a
// steady rate up to the bucket's capacity. The headers follow the current IETF draft
// (draft-ietf-httpapi-ratelimit-headers-10: `RateLimit-Policy` and `RateLimit`, structured
// fields naming the policy), with the older draft's three fields alongside for clients
// that read those. `t` (and RateLimit-Reset, and Retry-After on a 429) is the draft's
// "time until additional quota is made available": for a bucket, the next whole token, so
// a request sent then is taken. (After a take the bucket is never full, so more is always
// to come.)
import { z } from 'zod';

export const rateLimitSchema = z.union([
  z.literal(false),
  z.strictObject({
    capacity: z.number().int().positive(),
    refillPerSecond: z.number().positive(),
  }),
]);
export type RateLimitConfig = z.infer<typeof rateLimitSchema>;

/** The one policy: a bucket per API key. */
export const POLICY = 'per-key';

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { capacity: 200, refillPerSecond: 100 };

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

// Float rounding (a clock read as 1234.5670000001 ms) must not leave a token that is due at
// `t` a hair short of whole: counts this close to a whole token are that token.
const EPSILON = 1e-9;
const whole = (tokens: number) => Math.floor(tokens + EPSILON);

/** Whole seconds until the bucket holds one more whole token (the draft's `t`). */
export function secondsUntilMore(tokens: number, refillPerSecond: number): number {
  const next = whole(tokens) + 1;
  let seconds = Math.max(0, Math.ceil((next - tokens) / refillPerSecond));
  // The division rounds too: settle on the first whole second the refill really reaches.
  while (seconds > 0 && whole(tokens + (seconds - 1) * refillPerSecond) >= next) seconds -= 1;
  while (whole(tokens + seconds * refillPerSecond) < next) seconds += 1;
  return seconds;
}

export function createRateLimiter(
  config: RateLimitConfig,
  now: () => number = () => performance.now(),
) {
  const buckets = new Map<string, { tokens: number; at: number }>();

  function take(key: string): RateDecision {
    if (config === false) return { allowed: true, headers: {} };
    const { capacity, refillPerSecond } = config;
    const time = now();
    const bucket = buckets.get(key) ?? { tokens: capacity, at: time };
    bucket.tokens = Math.min(
      capacity,
      bucket.tokens + ((time - bucket.at) / 1000) * refillPerSecond,
    );
    bucket.at = time;
    const allowed = whole(bucket.tokens) >= 1;
    if (allowed) bucket.tokens -= 1;
    buckets.set(key, bucket);
    const remaining = whole(bucket.tokens);
    const more = secondsUntilMore(bucket.tokens, refillPerSecond);
    const headers: Record<string, string> = {
      // q: the quota (the bucket's size); w: the window in seconds in which an empty bucket
      // is whole again, so q/w is at most the refill rate.
      'RateLimit-Policy': `"${POLICY}";q=${capacity};w=${Math.ceil(capacity / refillPerSecond)}`,
      // r: requests left; t: seconds until one more is.
      RateLimit: `"${POLICY}";r=${remaining};t=${more}`,
      'RateLimit-Limit': String(capacity),
      'RateLimit-Remaining': String(remaining),
      // The older draft's reset: the same moment as t (and as Retry-After, as it asks).
      'RateLimit-Reset': String(more),
    };
    // Refused: the bucket is short of a whole token, and `more` is when it has one.
    if (!allowed) headers['Retry-After'] = String(more);
    return { allowed, headers };
  }

  return { take };
}
