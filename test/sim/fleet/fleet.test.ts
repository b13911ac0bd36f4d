// The fleet simulation at 50 tills (the README has 500): after an hour's outage that ends
// for the whole chain at once, the tills drain near the rate the platform allows, with
// few 429s, fairly, and every sale arrives once; with absurd Retry-After values, a 503
// storm and half the shops' keys revoked, every till keeps its policy and loses nothing.
import { describe, expect, it } from 'vitest';
import { runFleet } from './fleet-run.js';

describe('a chain of tills after an outage', () => {
  it('50 tills drain politely, near the optimum, fairly, every sale once (same seed, same figures)', async () => {
    const {
      violations,
      timeline: _timeline,
      ...figures
    } = await runFleet({ tills: 50, seed: 2, faults: 'none' });
    expect(violations).toEqual([]);
    expect(figures.share429).toBeLessThanOrEqual(0.02);
    expect(figures.requestsFirst10s).toBeLessThanOrEqual(figures.allowedFirst10s);
    expect(figures.drainVsOptimum).toBeLessThanOrEqual(1.4); // the goal is 1.15: not yet met (README)
    expect(figures.slowestVsMedian).toBeLessThanOrEqual(1.5);
    expect([figures.lost, figures.twice, figures.inDoubt]).toEqual([0, 0, 0]);
    expect(figures.recorded).toBeGreaterThan(figures.backlog);
  });

  it('bad input (absurd Retry-After, 503 storm, keys revoked): every till keeps its policy, nothing lost', async () => {
    const { violations, ...figures } = await runFleet({ tills: 10, seed: 5, faults: 'all' });
    expect(violations).toEqual([]);
    expect([figures.lost, figures.twice, figures.inDoubt]).toEqual([0, 0, 0]);
  });
});
