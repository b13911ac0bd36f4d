// Rate limit: a token bucket per API key. Each request takes a token; tokens refill at a
// steady rate up to the bucket's capacity. The headers follow the current IETF draft
// (draft-ietf-httpapi-ratelimit-headers-10: `RateLimit-Policy` and `RateLimit`, structured
// fields naming the policy), with the older draft's three fields alongside for clients
// that read those.
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
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    buckets.set(key, bucket);
    const remaining = Math.floor(bucket.tokens);
    const reset = Math.ceil((capacity - bucket.tokens) / refillPerSecond);
    const headers: Record<string, string> = {
      // q: the quota; w: the window in seconds (an empty bucket is full again after it).
      'RateLimit-Policy': `"${POLICY}";q=${capacity};w=${Math.ceil(capacity / refillPerSecond)}`,
      // r: requests left; t: seconds until the quota is whole again.
      RateLimit: `"${POLICY}";r=${remaining};t=${reset}`,
      'RateLimit-Limit': String(capacity),
      'RateLimit-Remaining': String(remaining),
      'RateLimit-Reset': String(reset),
    };
    if (!allowed) headers['Retry-After'] = String(Math.ceil((1 - bucket.tokens) / refillPerSecond));
    return { allowed, headers };
  }

  return { take };
}
