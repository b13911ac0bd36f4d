// Reading a platform's rate-limit headers, in the forms in use:
// - the current IETF draft (draft-ietf-httpapi-ratelimit-headers-10): `RateLimit: "p";r=5;t=2`
//   (r: quota units left; t: seconds until more quota is available) with
//   `RateLimit-Policy: "p";q=100;w=60` (q units per window of w seconds), both structured
//   field Lists; and its earlier single Dictionary `RateLimit: limit=100, remaining=5, reset=2`;
// - the older IETF draft and most APIs: RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset
//   (and their X- prefixed forms), reset in seconds from now.
// Older platforms mean by the reset "until the quota is whole again", the current draft
// "until more is available" (for a token bucket, the next token): the pacer reads both
// safely (see pacer.ts). A malformed structured field is ignored, as the draft asks. A
// platform may tell several limits at once (a key's and its own): each is read, and the
// pacer keeps to all of them.
import type { AnswerHeaders } from './classify.js';
import {
  nonNegativeInteger,
  parseDictionary,
  parseList,
  type BareItem,
  type Item,
} from './structured-fields.js';

export interface RateLimitReading {
  /** The limit's name in the current draft's List (null in the other forms). */
  name: string | null;
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

/** The current draft's List form: each service limit that says what is left, with its policy. */
function currentDraft(field: string, policyField: string | null): RateLimitReading[] {
  const policies = policyField ? (parseList(policyField) ?? []) : [];
  return (parseList(field) ?? []).flatMap((limit) => {
    const remaining = limit.kind === 'item' ? nonNegativeInteger(limit.params.get('r')) : null;
    if (limit.kind !== 'item' || remaining === null) return [];
    const name = policyName(limit.value);
    const policy = policies.find(
      (member): member is Item =>
        member.kind === 'item' && name !== null && policyName(member.value) === name,
    );
    return [
      {
        name,
        remaining,
        resetSeconds: nonNegativeInteger(limit.params.get('t')) ?? UNTOLD_RESET_SECONDS,
        limit: nonNegativeInteger(policy?.params.get('q')),
        windowSeconds: nonNegativeInteger(policy?.params.get('w')) || null,
      },
    ];
  });
}

/** `limit=100, remaining=5, reset=2` (the draft's earlier single field). */
function earlierDraft(field: string): RateLimitReading | null {
  const entries = parseDictionary(field);
  const remaining = nonNegativeInteger(entries?.get('remaining'));
  if (!entries || remaining === null) return null;
  return {
    name: null,
    remaining,
    resetSeconds: nonNegativeInteger(entries.get('reset')) ?? UNTOLD_RESET_SECONDS,
    limit: nonNegativeInteger(entries.get('limit')),
    windowSeconds: null,
  };
}

/** Every limit an answer tells, the one with the least left first (none: an empty list). */
export function readRateLimits(headers: AnswerHeaders): RateLimitReading[] {
  const field = headers.get('ratelimit');
  if (field) {
    const limits = currentDraft(field, headers.get('ratelimit-policy'));
    if (limits.length > 0) return limits.sort((a, b) => a.remaining - b.remaining);
    const earlier = earlierDraft(field);
    if (earlier) return [earlier];
  }
  for (const prefix of ['ratelimit-', 'x-ratelimit-']) {
    const remaining = number(headers.get(`${prefix}remaining`));
    if (remaining === null) continue;
    return [
      {
        name: null,
        remaining,
        resetSeconds: number(headers.get(`${prefix}reset`)) ?? UNTOLD_RESET_SECONDS,
        limit: number(headers.get(`${prefix}limit`)),
        windowSeconds: null,
      },
    ];
  }
  return [];
}
