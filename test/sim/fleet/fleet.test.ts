// The fleet simulation at 50 tills (the README has 500): after an hour's outage that ends
// for the whole chain at once, the tills drain near the rate the platform allows, and
// every sale arrives once; with absurd Retry-After values, a 503 storm and half the shops'
// keys revoked, every till keeps its policy and loses nothing. The bounds are what the
// engine reaches now, not yet the goals (429s <= 2 %, drain <= 1.15 x the optimum,
// slowest <= 1.5 x the median): README, "The fleet simulation". Before the pacer's changes
// this seed gave 36 % of 429s and a drain of 1.74 x the optimum (slowest 1.91 x the median).
import { describe, expect, it } from 'vitest';
import { runFleet } from './fleet-run.js';

describe('a chain of tills after an outage', () => {
  it('50 tills drain with few 429s, near the optimum, every sale once', async () => {
    const result = await runFleet({ tills: 50, seed: 2, faults: 'none' });
    const { violations, timeline, ...figures } = result;
    const summary = `${JSON.stringify(figures)} ${timeline}`;
    expect(violations, summary).toEqual([]);
    expect(figures.share429, summary).toBeLessThanOrEqual(0.08);
    expect(figures.drainVsOptimum, summary).toBeLessThanOrEqual(1.5);
    expect(figures.slowestVsMedian, summary).toBeLessThanOrEqual(1.65);
    expect([figures.lost, figures.twice, figures.inDoubt], summary).toEqual([0, 0, 0]);
    expect(figures.recorded, summary).toBeGreaterThan(figures.backlog);
  });

  it('bad input (absurd Retry-After, 503 storm, keys revoked): every till keeps its policy, nothing lost', async () => {
    const { violations, ...figures } = await runFleet({ tills: 10, seed: 5, faults: 'all' });
    expect(violations).toEqual([]);
    expect([figures.lost, figures.twice, figures.inDoubt]).toEqual([0, 0, 0]);
  });
});
