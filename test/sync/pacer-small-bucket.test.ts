// A lone till with more workers than its quota's bucket holds: the real engine on a real
// SQLite file, in virtual time, against the sandbox's own token bucket (a bucket of 4,
// one more a second, five workers). Once it has been refused for the quota it must space
// its requests and never be refused again: a pacer that found the bucket nearly full a
// second after a hold dropped its spacing, and its next pass sent five requests into a
// bucket holding three (the simulation's seed 568).
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../sandbox/rate-limit.js';
import { World } from '../sim/world.js';
import { till } from './helpers.js';
import { drainInWorld, worldClient } from './world-client.js';

/** The network's time each way. */
const LATENCY_MS = 20;

function bucketPlatform(world: World, capacity: number, refillPerSecond: number) {
  const bucket = createRateLimiter({ capacity, refillPerSecond }, () => world.time);
  const sends: Array<{ at: number; status: number }> = [];
  const client = worldClient(world, LATENCY_MS, () => {
    const decision = bucket.take('k');
    const status = decision.allowed ? 201 : 429;
    sends.push({ at: world.time - LATENCY_MS, status });
    return { status, headers: decision.headers };
  });
  return { client, sends };
}

describe('pacer: a lone till whose bucket is smaller than a pass', () => {
  it('after its first 429, keeps its spacing and is never refused for the quota again', async () => {
    const world = new World();
    const { client, sends } = bucketPlatform(world, 4, 1);
    const sales = 19;
    // Five workers, else as in production.
    const synced = await drainInWorld(till(), world, client, {
      sales,
      concurrency: 5,
      seed: 568,
      giveUpAtMs: 120_000,
    });
    const drainedAt = Math.max(...sends.map((send) => send.at));

    expect(synced).toBe(sales);
    const firstRefused = sends.find((send) => send.status === 429);
    expect(firstRefused).toBeDefined(); // the first pass overshoots: it knew nothing yet
    const told = firstRefused!.at + 2 * LATENCY_MS;
    const refusedAfter = sends.filter((send) => send.status === 429 && send.at > told);
    expect(refusedAfter).toEqual([]);
    // Not slower than the bucket: 15 more after the first four, at one a second, with slack.
    expect(drainedAt).toBeLessThan(60_000);
  });
});
