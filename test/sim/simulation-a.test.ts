// The deterministic simulation (test/sim/run-seed.ts), seeds 1 to 1,000; the other half is
// in simulation-b.test.ts so the two run side by side. `npm run sim` for long runs.
import { describe, expect, it } from 'vitest';
import { checkSeeds } from './check-seeds.js';
import { runSeed } from './run-seed.js';

describe('delivery in a simulated world (seeds 1-1,000)', () => {
  it('keeps every invariant through crashes, stalls, clock steps, storage faults and a failing platform', async () => {
    await checkSeeds(1, 1001);
  }, 400_000); // a deadline for a loaded machine, not a figure: speed is `npm run sim`'s

  it('replays a seed exactly: the same seed gives the same trace', async () => {
    const first = await runSeed(258);
    const again = await runSeed(258);
    expect(again.trace).toEqual(first.trace);
    expect(first.trace.length).toBeGreaterThan(10);
  });
});
