import { expect } from 'vitest';
import { runSeed } from './run-seed.js';

/** Runs seeds [from, to) and fails with each failing seed's violations and trace tail. */
export async function checkSeeds(from: number, to: number): Promise<void> {
  const failures: string[] = [];
  let extraCopies = 0;
  for (let seed = from; seed < to; seed++) {
    const result = await runSeed(seed);
    extraCopies += result.extraCopies;
    if (result.violations.length > 0) {
      failures.push(
        [
          `seed ${seed}: ${result.violations.join('; ')}`,
          `  replay: npm run sim -- --seed ${seed} --trace`,
          ...result.trace.slice(-25).map((line) => `  ${line}`),
        ].join('\n'),
      );
    }
  }
  expect(failures.slice(0, 3).join('\n\n')).toBe('');
  // The world did fail: against platforms ignoring keys, copies were made (and flagged).
  expect(extraCopies).toBeGreaterThan(0);
}
