// What a seed draws first: whether its platform honours keys, how process liveness is
// known, the till's sync settings and the engine's jitter. The order of the draws is
// the world's: changing it changes every seed.
import { syncTuningSchema } from '../../main/config/agent-config.js';
import type { LivenessMode } from './sim-till.js';

export interface SeedDraws {
  random: () => number;
  /** The stream of the faults added since the worlds were first checked. */
  chance: () => number;
  pick: <T>(items: readonly T[]) => T;
  between: (low: number, high: number) => number;
}

export function drawTuning({ random, chance, pick, between }: SeedDraws) {
  const honoursKeys = random() < 0.5;
  const liveness = pick<LivenessMode>(['exact', 'exact', 'unknown', 'mixed']);
  const tuning = syncTuningSchema.parse({
    concurrency: between(1, 5),
    uncertainSales: random() < 0.2 ? 'park' : 'retry',
    leaseTtlMs: pick([2000, 10_000, 30_000]),
    requestTimeoutMs: pick([1000, 5000, 15_000]),
    backoffCapMs: pick([10_000, 60_000, 300_000]),
    maxUnexpectedAttempts: pick([3, 10]),
    // A short grace too: a SIGTERM then cuts a pass in its wait (stop-watch.ts).
    shutdownGraceMs: pick([0, 300, 5000]),
    // A short cap on Retry-After: the longest wait a till trusts is then short, and a wait
    // taken for a clock step shows at once (db/outbox.ts, farAhead).
    retryAfterCapMs: chance() < 0.33 ? 20_000 : 600_000,
  });
  // Half the worlds give the engine one fixed jitter, so the backoff of every retry is known.
  const jitter = random() < 0.5 ? between(10, 99) / 100 : null;
  return { honoursKeys, liveness, tuning, jitter };
}
