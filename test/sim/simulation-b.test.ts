// The deterministic simulation, seeds 1,001 to 2,000 (see simulation-a.test.ts).
import { describe, it } from 'vitest';
import { checkSeeds } from './check-seeds.js';

describe('delivery in a simulated world (seeds 1,001-2,000)', () => {
  it('keeps every invariant through crashes, stalls, clock steps, storage faults and a failing platform', async () => {
    await checkSeeds(1001, 2001);
  }, 400_000); // a deadline for a loaded machine, not a figure: speed is `npm run sim`'s
});
