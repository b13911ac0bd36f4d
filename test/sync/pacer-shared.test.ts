// Tills sharing one key each see the same `r`: the pacer's shared-quota rule, on the
// injected clock against the sandbox's own token bucket (its RateLimit fields read as the
// engine reads them). Every till's answers come 5 ms after it sends; its jitter comes from
// a seeded random source, so a run is the same every time. Shares are judged over a few
// seeds (the median run), as one seed's ten tills can land anywhere near the figure.
import { describe, expect, it } from 'vitest';
import type { AnswerHeaders } from '../../main/sync/classify.js';
import { createPacer } from '../../main/sync/pacer.js';
import { readRateLimits } from '../../main/sync/rate-limit-headers.js';
import { createRateLimiter } from '../../sandbox/rate-limit.js';

interface Till {
  pacer: ReturnType<typeof createPacer>;
  at: number;
  due: boolean;
  taken: number[]; // when each of its requests was taken
  refused: number;
}

function seeded(seed: number) {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** `tills` tills sending without end, joining `joinEveryMs` apart; `seconds` of it. */
function shareOneKey(options: {
  tills: number;
  capacity: number;
  refill: number;
  joinEveryMs: number;
  seconds: number;
  seed: number;
}) {
  let now = 0;
  const clock = { now: () => now, monotonic: () => now };
  const bucket = createRateLimiter(
    { capacity: options.capacity, refillPerSecond: options.refill },
    () => now,
  );
  const random = seeded(options.seed);
  const tills: Till[] = Array.from({ length: options.tills }, (_, n) => ({
    pacer: createPacer(clock, () => 4, random),
    at: n * options.joinEveryMs,
    due: false,
    taken: [],
    refused: 0,
  }));
  const end = options.seconds * 1000;
  for (;;) {
    const till = tills.reduce((first, next) => (next.at < first.at ? next : first));
    if (till.at > end) break;
    now = till.at;
    if (!till.due) {
      // As a pass's worker does: take a slot, sleep until it.
      till.at = now + till.pacer.reserve();
      till.due = true;
      continue;
    }
    till.due = false;
    if (till.pacer.heldForMs() > 0) continue; // the claim is held back; a new slot
    const decision = bucket.take('shared');
    const headers = new Map(Object.entries(decision.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const answer: AnswerHeaders = {
      get: (name: string) => headers.get(name.toLowerCase()) ?? null,
    };
    till.pacer.note(readRateLimits(answer), !decision.allowed);
    if (decision.allowed) till.taken.push(now);
    else {
      till.refused += 1;
      till.pacer.hold(Number(decision.headers['Retry-After']) * 1000);
    }
    till.at = now + 5;
  }
  const taken = tills.reduce((sum, till) => sum + till.taken.length, 0);
  const refused = tills.reduce((sum, till) => sum + till.refused, 0);
  const allowed = options.capacity + options.refill * options.seconds;
  const lastHalf = tills.map((till) => till.taken.filter((at) => at >= end / 2).length);
  return {
    used: taken / allowed,
    refusedShare: refused / (taken + refused),
    // In the last half: the largest share against the median one, the smallest likewise.
    most: Math.max(...lastHalf) / median(lastHalf),
    least: Math.min(...lastHalf) / median(lastHalf),
  };
}

/** The same run on five seeds: the median of each figure. */
function medianRun(options: Omit<Parameters<typeof shareOneKey>[0], 'seed'>) {
  const runs = [7, 7926, 15845, 23764, 31683].map((seed) => shareOneKey({ ...options, seed }));
  const of = (figure: keyof (typeof runs)[number]) => median(runs.map((run) => run[figure]));
  return {
    used: of('used'),
    refusedShare: of('refusedShare'),
    most: of('most'),
    least: of('least'),
  };
}

/** The key used nearly whole, few refused, and the shares within these bounds of the median. */
function expectPoliteAndFair(
  run: ReturnType<typeof medianRun>,
  shares: { most: number; least: number },
) {
  expect(run.used).toBeGreaterThan(0.9);
  expect(run.refusedShare).toBeLessThan(0.05);
  expect(run.most).toBeLessThan(shares.most);
  expect(run.least).toBeGreaterThan(shares.least);
}

describe('tills sharing one key', () => {
  it('ten that join a second apart take what the key allows, few refused, and come to fair shares', () => {
    // The first takes the whole key alone; the others' shares come to its over minutes.
    const run = medianRun({ tills: 10, capacity: 20, refill: 10, joinEveryMs: 1000, seconds: 600 });
    expectPoliteAndFair(run, { most: 1.25, least: 0.7 });
  });

  it('a till that joins one alone on the key gets its share (it once starved at the least pace)', () => {
    const run = medianRun({
      tills: 2,
      capacity: 20,
      refill: 10,
      joinEveryMs: 10_000,
      seconds: 300,
    });
    expectPoliteAndFair(run, { most: 1.25, least: 0.8 });
  });

  it('twenty that come back at the same moment: no herd of 429s, still the whole rate', () => {
    const run = medianRun({ tills: 20, capacity: 40, refill: 40, joinEveryMs: 0, seconds: 120 });
    // Twenty drawn apart by their random waits converge more slowly (not yet to 1.5).
    expectPoliteAndFair(run, { most: 1.75, least: 0.6 });
  });
});
