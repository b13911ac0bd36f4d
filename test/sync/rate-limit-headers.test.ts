// Reading a platform's rate-limit fields in every form in use: the current draft's List
// (with its policy's quota and window, the pacer's sustained rate), the earlier single
// Dictionary, the older three fields and their X- forms. A malformed structured field is
// ignored (the draft: MUST be ignored), so the older fields beside it are read instead.
// Several limits in one answer are each read, with their own policies.
import { describe, expect, it } from 'vitest';
import { readRateLimits } from '../../main/sync/rate-limit-headers.js';

const readAll = (fields: Record<string, string>) => readRateLimits(new Headers(fields));
/** The one limit an answer tells (null: none). */
const read = (fields: Record<string, string>) => {
  const limits = readAll(fields);
  expect(limits.length).toBeLessThanOrEqual(1);
  return limits[0] ?? null;
};

describe('readRateLimits', () => {
  it("reads the current draft's RateLimit with its policy's q and w", () => {
    expect(
      read({ 'RateLimit-Policy': '"per-key";q=200;w=2', RateLimit: '"per-key";r=57;t=1' }),
    ).toEqual({ name: 'per-key', remaining: 57, resetSeconds: 1, limit: 200, windowSeconds: 2 });
  });

  it('reads each of several service limits with its own policy, the one with least left first', () => {
    expect(
      readAll({
        'RateLimit-Policy': '"hour";q=1000;w=3600, "day";q=5000;w=86400',
        RateLimit: '"hour";r=900;t=600, "day";r=100;t=36000, (inner list);r=1, "burst";t=5',
      }),
    ).toEqual([
      { name: 'day', remaining: 100, resetSeconds: 36000, limit: 5000, windowSeconds: 86400 },
      { name: 'hour', remaining: 900, resetSeconds: 600, limit: 1000, windowSeconds: 3600 },
    ]);
  });

  it('without t or a policy: a second until more, quota and window untold', () => {
    expect(read({ RateLimit: 'quota;r=3' })).toEqual({
      name: 'quota',
      remaining: 3,
      resetSeconds: 1,
      limit: null,
      windowSeconds: null,
    });
  });

  it("reads the draft's earlier single field and the older three (and X-) fields", () => {
    expect(read({ RateLimit: 'limit=100, remaining=5, reset=2' })).toEqual({
      name: null,
      remaining: 5,
      resetSeconds: 2,
      limit: 100,
      windowSeconds: null,
    });
    expect(
      read({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '30' }),
    ).toEqual({ name: null, remaining: 0, resetSeconds: 30, limit: 60, windowSeconds: null });
  });

  it('ignores a malformed RateLimit field (and a policy that is not an Integer quota)', () => {
    const fallback = {
      'RateLimit-Remaining': '4',
      'RateLimit-Reset': '9',
      'RateLimit-Limit': '10',
    };
    expect(read({ RateLimit: '"p";r=5;t=', ...fallback })).toEqual({
      name: null,
      remaining: 4,
      resetSeconds: 9,
      limit: 10,
      windowSeconds: null,
    });
    expect(read({ RateLimit: '"p";r=-1;t=2', ...fallback })?.remaining).toBe(4);
    expect(read({ RateLimit: '"p";r=1.5' })).toBeNull();
    expect(read({ RateLimit: '"p";r=1', 'RateLimit-Policy': '"p";q="ten";w=1' })).toMatchObject({
      limit: null,
    });
  });
});
