// Reading a platform's rate-limit fields in every form in use: the current draft's List
// (with its policy's quota and window, the pacer's sustained rate), the earlier single
// Dictionary, the older three fields and their X- forms. A malformed structured field is
// ignored (the draft: MUST be ignored), so the older fields beside it are read instead.
import { describe, expect, it } from 'vitest';
import { readRateLimit } from '../../main/sync/rate-limit-headers.js';

const read = (fields: Record<string, string>) => readRateLimit(new Headers(fields));

describe('readRateLimit', () => {
  it("reads the current draft's RateLimit with its policy's q and w", () => {
    expect(
      read({ 'RateLimit-Policy': '"per-key";q=200;w=2', RateLimit: '"per-key";r=57;t=1' }),
    ).toEqual({ remaining: 57, resetSeconds: 1, limit: 200, windowSeconds: 2 });
  });

  it('of several service limits, takes the one with the least left, and its own policy', () => {
    expect(
      read({
        'RateLimit-Policy': '"hour";q=1000;w=3600, "day";q=5000;w=86400',
        RateLimit: '"hour";r=900;t=600, "day";r=100;t=36000',
      }),
    ).toEqual({ remaining: 100, resetSeconds: 36000, limit: 5000, windowSeconds: 86400 });
  });

  it('without t or a policy: a second until more, quota and window untold', () => {
    expect(read({ RateLimit: 'quota;r=3' })).toEqual({
      remaining: 3,
      resetSeconds: 1,
      limit: null,
      windowSeconds: null,
    });
  });

  it("reads the draft's earlier single field and the older three (and X-) fields", () => {
    expect(read({ RateLimit: 'limit=100, remaining=5, reset=2' })).toEqual({
      remaining: 5,
      resetSeconds: 2,
      limit: 100,
      windowSeconds: null,
    });
    expect(
      read({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '30' }),
    ).toEqual({ remaining: 0, resetSeconds: 30, limit: 60, windowSeconds: null });
  });

  it('ignores a malformed RateLimit field (and a policy that is not an Integer quota)', () => {
    const fallback = {
      'RateLimit-Remaining': '4',
      'RateLimit-Reset': '9',
      'RateLimit-Limit': '10',
    };
    expect(read({ RateLimit: '"p";r=5;t=', ...fallback })).toEqual({
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
