// Reading a platform's rate-limit headers, in the forms in use:
// - the older IETF draft and most APIs: RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset
//   (and their X- prefixed forms), reset in seconds from now;
// - the current IETF draft (draft-ietf-httpapi-ratelimit-headers): `RateLimit: "p";r=5;t=2`
//   with `RateLimit-Policy: "p";q=100;w=60`, and its earlier single-field form
//   `RateLimit: limit=100, remaining=5, reset=2`.
import type { AnswerHeaders } from './classify.js';

export interface RateLimitReading {
  /** Requests left in the current window or bucket. */
  remaining: number;
  /** Seconds until the quota is restored. */
  resetSeconds: number;
  /** The quota (bucket size or window quota), when told. */
  limit: number | null;
}

const number = (value: string | undefined | null): number | null => {
  if (value === undefined || value === null) return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
};

/** Parameters of the first item of a structured-field list: `"p";r=5;t=2` -> {r: '5', t: '2'}. */
function firstItemParameters(value: string): Record<string, string> {
  const first = value.split(',')[0] ?? '';
  const parameters: Record<string, string> = {};
  for (const part of first.split(';').slice(1)) {
    const [name, raw] = part.split('=');
    if (name && raw !== undefined) parameters[name.trim().toLowerCase()] = raw.trim();
  }
  return parameters;
}

/** `limit=100, remaining=5, reset=2` (the draft's earlier single field). */
function dictionary(value: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const part of value.split(',')) {
    const [name, raw] = part.split('=');
    if (name && raw !== undefined) entries[name.trim().toLowerCase()] = raw.trim();
  }
  return entries;
}

export function readRateLimit(headers: AnswerHeaders): RateLimitReading | null {
  const field = headers.get('ratelimit');
  if (field) {
    const params = firstItemParameters(field);
    const dict = dictionary(field);
    const remaining = number(params.r ?? dict.remaining);
    const reset = number(params.t ?? dict.reset);
    if (remaining !== null) {
      const policy = headers.get('ratelimit-policy');
      const limit = number(policy ? firstItemParameters(policy).q : dict.limit);
      return { remaining, resetSeconds: reset ?? 1, limit };
    }
  }
  for (const prefix of ['ratelimit-', 'x-ratelimit-']) {
    const remaining = number(headers.get(`${prefix}remaining`));
    if (remaining === null) continue;
    return {
      remaining,
      resetSeconds: number(headers.get(`${prefix}reset`)) ?? 1,
      limit: number(headers.get(`${prefix}limit`)),
    };
  }
  return null;
}
