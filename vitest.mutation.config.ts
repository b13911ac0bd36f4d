// Vitest for mutation testing only (stryker.config.mjs): the simulation alone, as one test.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/sim/simulation.mutation.ts'],
    // better-sqlite3 is a native module: a process of its own (Stryker's vitest.pool must
    // say the same, it overrides this).
    pool: 'forks',
    // Stryker times each mutant out (a mutant may loop forever); no second clock here.
    testTimeout: 0,
  },
});
