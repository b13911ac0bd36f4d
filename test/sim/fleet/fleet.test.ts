// The fleet simulation at 50 tills (the README has 500): after an hour's outage that ends
// for the whole chain at once, every sale arrives once, no till breaks a wait it was told,
// and the chain meets the goals: 429s at most 2 % of its requests, drained within
// 1.15 times the optimum, the slowest till within 1.5 times the median (seeds 2 and 3:
// 1.2 % each, 1.10 and 1.12, 1.17 and 1.21; 36 %, 1.74 and 1.91 at seed 2 before the
// pacer kept to every limit told and came back from an outage one request first). With
// absurd Retry-After values, a 503 storm and half the shops' keys revoked, every till
// keeps its policy and loses nothing. Virtual time only: the same seed gives the same
// figures on any machine.
import { describe, expect, it } from 'vitest';
import { runFleet, type FleetLayout } from './fleet-run.js';

/** bench:fleet's setting: one key for ten tills, 40 of burst and 40 a second, probes every 0.5 s. */
const ONE_FAST_KEY: FleetLayout = {
  tillsPerKey: 10,
  perKey: { capacity: 40, refillPerSecond: 40 },
  global: null,
  saleEverySeconds: { least: 24, most: 24 },
  probeIntervalMs: 500,
};

describe('a chain of tills after an outage', () => {
  it.each([2, 3])(
    '50 tills back from an outage together (seed %i): every sale once, every wait kept, polite',
    async (seed) => {
      const result = await runFleet({ tills: 50, seed, faults: 'none' });
      const { violations, timeline, ...figures } = result;
      const summary = `${JSON.stringify(figures)} ${timeline}`;
      expect(violations, summary).toEqual([]);
      expect(figures.drainSeconds, summary).toBeGreaterThanOrEqual(figures.optimumSeconds);
      expect([figures.lost, figures.twice, figures.inDoubt], summary).toEqual([0, 0, 0]);
      expect(figures.recorded, summary).toBeGreaterThan(figures.backlog);
      expect(figures.share429, summary).toBeLessThanOrEqual(0.02);
      expect(figures.drainVsOptimum, summary).toBeLessThanOrEqual(1.15);
      expect(figures.slowestVsMedian, summary).toBeLessThanOrEqual(1.5);
    },
  );

  it("ten tills on one fast key (bench:fleet's setting): the whole rate, not swings around it", async () => {
    // Steered once a second, the ten swung between 20 and 50 requests a second around the
    // key's 40, the bucket full for seconds of each swing: 1.12 x the optimum (1.15 when
    // slots were handed out ahead). Four times a second: 1.04.
    const result = await runFleet({ tills: 10, seed: 1, faults: 'none', layout: ONE_FAST_KEY });
    const { violations, timeline, ...figures } = result;
    const summary = `${JSON.stringify(figures)} ${timeline}`;
    expect(violations, summary).toEqual([]);
    expect([figures.lost, figures.twice, figures.inDoubt], summary).toEqual([0, 0, 0]);
    expect(figures.share429, summary).toBeLessThanOrEqual(0.02);
    expect(figures.drainVsOptimum, summary).toBeLessThanOrEqual(1.08);
    expect(figures.slowestVsMedian, summary).toBeLessThanOrEqual(1.3);
  });

  it('bad input (absurd Retry-After, 503 storm, keys revoked): every till keeps its policy, nothing lost', async () => {
    const { violations, ...figures } = await runFleet({ tills: 10, seed: 5, faults: 'all' });
    expect(violations).toEqual([]);
    expect([figures.lost, figures.twice, figures.inDoubt]).toEqual([0, 0, 0]);
  });
});
