// Reading a platform's rate-limit headers, in the forms in use:
// - the current IETF draft (draft-ietf-httpapi-ratelimit-headers-10): `RateLimit: "p";r=5;t=2`
//   (r: quota units left; t: seconds until more quota is available) with
//   `RateLimit-Policy: "p";q=100;w=60` (q units per window of w seconds), both structured
//   field Lists; and its earlier single Dictionary `RateLimit: limit=100, remaining=5, reset=2`;
// - the older IETF draft and most APIs: RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset
//   (and their X- prefixed forms), reset in seconds from now.
// Older platforms mean by the reset "until the quota is whole again", the current draft
// "until more is available" (for a token bucket, the next token): the pacer reads both
// safely (see pacer.ts). A malformed structured field is ignored, as the draft asks.
import type { AnswerHeaders } from './classify.js';
import {
  nonNegativeInteger,
  parseDictionary,
  parseList,
  type BareItem,
  type Item,
} from './structured-fields.js';

export interface RateLimitReading {
  /** Requests left in the current window or bucket. */
  remaining: number;
  /** Seconds until more quota is available (an older platform: until it is whole again). */
  resetSeconds: number;
  /** The quota (bucket size or window quota), when told. */
  limit: number | null;
  /** The policy's window in seconds, when told: `limit` per window is its sustained rate. */
  windowSeconds: number | null;
}

/** Seconds assumed when a platform tells what is left but not when more comes. */
const UNTOLD_RESET_SECONDS = 1;

const number = (value: string | undefined | null): number | null => {
  if (value === undefined || value === null) return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
};

const policyName = (value: BareItem) =>
  value.type === 'string' || value.type === 'token' ? value.value : null;

/** The current draft's List form: of several service limits, the one with the least left. */
function currentDraft(field: string, policyField: string | null): RateLimitReading | null {
  const limits = (parseList(field) ?? []).filter(
    (member): member is Item =>
      member.kind === 'item' && nonNegativeInteger(member.params.get('r')) !== null,
  );
  const tightest = limits.sort(
    (a, b) => nonNegativeInteger(a.params.get('r'))! - nonNegativeInteger(b.params.get('r'))!,
  )[0];
  if (!tightest) return null;
  const name = policyName(tightest.value);
  const policy = (policyField ? (parseList(policyField) ?? []) : []).find(
    (member): member is Item =>
      member.kind === 'item' && name !== null && policyName(member.value) === name,
  );
  return {
    remaining: nonNegativeInteger(tightest.params.get('r'))!,
    resetSeconds: nonNegativeInteger(tightest.params.get('t')) ?? UNTOLD_RESET_SECONDS,
    limit: nonNegativeInteger(policy?.params.get('q')),
    windowSeconds: nonNegativeInteger(policy?.params.get('w')) || null,
  };
}

/** `limit=100, remaining=5, reset=2` (the draft's earlier single field). */
function earlierDraft(field: string): RateLimitReading | null {
  const entries = parseDictionary(field);
  const remaining = nonNegativeInteger(entries?.get('remaining'));
  if (!entries || remaining === null) return null;
  return {
    remaining,
    resetSeconds: nonNegativeInteger(entries.get('reset')) ?? UNTOLD_RESET_SECONDS,
    limit: nonNegativeInteger(entries.get('limit')),
    windowSeconds: null,
  };
}

export function readRateLimit(headers: AnswerHeaders): RateLimitReading | null {
  const field = headers.get('ratelimit');
  if (field) {
    const reading = currentDraft(field, headers.get('ratelimit-policy')) ?? earlierDraft(field);
    if (reading) return reading;
  }
  for (const prefix of ['ratelimit-', 'x-ratelimit-']) {
    const remaining = number(headers.get(`${prefix}remaining`));
    if (remaining === null) continue;
    return {
      remaining,
      resetSeconds: number(headers.get(`${prefix}reset`)) ?? UNTOLD_RESET_SECONDS,
      limit: number(headers.get(`${prefix}limit`)),
      windowSeconds: null,
    };
  }
  return null;
}
