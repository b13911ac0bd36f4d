// The simulation as the one test of mutation testing (`npm run mutate`, stryker.config.mjs):
// seeds 1 to SIM_SEEDS, stopping at the first failing seed so a killed mutant dies in
// seconds. Named *.mutation.ts so `npm test` (test/**/*.test.ts) does not run it; its own
// vitest config is vitest.mutation.config.ts.
import { inspect } from 'node:util';
import { expect, it } from 'vitest';
import { runSeed } from './run-seed.js';

const seeds = Number(process.env.SIM_SEEDS);
if (!Number.isInteger(seeds) || seeds < 1) {
  throw new Error('SIM_SEEDS: how many seeds to run (npm run mutate sets it)');
}

/** What ran on after a seed and failed with nobody to handle it (npm test fails on it too). */
const unhandled: unknown[] = [];
const afterTurns = () => new Promise((resolve) => setTimeout(resolve, 10));

function fail(seed: number, violations: string[], trace: string[]): never {
  expect.fail(
    [
      `seed ${seed}: ${violations.join('; ')}`,
      `  the mutant's trace below; the code as it is: npm run sim -- --seed ${seed} --trace`,
      ...trace.slice(-25).map((line) => `  ${line}`),
    ].join('\n'),
  );
}

it(`keeps every invariant on seeds 1 to ${seeds}`, async () => {
  const note = (error: unknown) => void unhandled.push(error);
  process.on('unhandledRejection', note);
  process.on('uncaughtException', note);
  try {
    let extraCopies = 0;
    for (let seed = 1; seed <= seeds; seed++) {
      const result = await runSeed(seed);
      extraCopies += result.extraCopies;
      if (result.violations.length > 0) fail(seed, result.violations, result.trace);
      if (seed === seeds) await afterTurns();
      if (unhandled.length > 0) {
        fail(
          seed,
          [`an error nobody handled, after the seed: ${inspect(unhandled[0]).split('\n')[0]}`],
          [],
        );
      }
    }
    // As in the CI simulation: the world did fail, and made (flagged) copies.
    expect(extraCopies, 'no seed made a copy: too few seeds?').toBeGreaterThan(0);
  } finally {
    process.off('unhandledRejection', note);
    process.off('uncaughtException', note);
  }
}, 0);
