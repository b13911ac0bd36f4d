// Mutation testing of the delivery core with the simulation as the only test (`npm run
// mutate`, scripts/mutate.ts; README, "How it is proven").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [
    'main/sync/**/*.ts',
    'db/outbox.ts',
    'db/outbox-writes.ts',
    'db/grouped-writes.ts',
    'db/lease.ts',
    // Words for a person, which delivery never reads: a cashier's words for a network
    // failure, and the readable reason taken from an error body.
    '!main/sync/network-words.ts',
    '!main/sync/error-body.ts',
    // What a person is shown, which delivery never reads: the status (test/sync/
    // status-rules.test.ts checks it) and a drain's counts for its caller.
    '!main/sync/status.ts',
    '!main/sync/drain-summary.ts',
    // The real world, which the simulation replaces by design: HTTP (its platform is a
    // client of its own) and the machine's process table (liveness and ids are the
    // world's). Proven by the test/sync/ tests against a real server and real processes.
    '!main/sync/platform-client.ts',
    '!main/sync/sender-identity.ts',
  ],
  testRunner: 'vitest',
  vitest: {
    configFile: 'vitest.mutation.config.ts',
    // One test, which reaches every file through the engine: always run it.
    related: false,
    // better-sqlite3 is a native module; the runner's default pool is threads.
    pool: 'forks',
  },
  // One test: the coverage of the whole run says which mutants it reaches at all.
  coverageAnalysis: 'all',
  // Module-level constants (which statuses are retried, the tries in place) are delivery.
  ignoreStatic: false,
  appendPlugins: ['./scripts/stryker-ignore-words.mjs'],
  ignorers: ['words-for-a-person'],
  // The machine has 2 cores (`npm run mutate -- --concurrency 1` to leave one free).
  concurrency: 2,
  // A mutant that loops forever is killed by this timeout: twice the run, plus 10 s.
  timeoutFactor: 2,
  timeoutMS: 10_000,
  reporters: ['json', 'html', 'progress-append-only'],
  jsonReporter: { fileName: 'test-artifacts/mutation/mutation.json' },
  htmlReporter: { fileName: 'test-artifacts/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
};
