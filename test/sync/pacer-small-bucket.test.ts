// A lone till with more workers than its quota's bucket holds: the real engine on a real
// SQLite file, in virtual time, against the sandbox's own token bucket (a bucket of 4,
// one more a second, five workers). Once it has been refused for the quota it must space
// its requests and never be refused again: a pacer that found the bucket nearly full a
// second after a hold dropped its spacing, and its next pass sent five requests into a
// bucket holding three (the simulation's seed 568).
import { describe, expect, it } from 'vitest';
import type { Answer, AnswerHeaders } from '../../main/sync/classify.js';
import { createSyncEngine } from '../../main/sync/engine.js';
import { createRateLimiter } from '../../sandbox/rate-limit.js';
import { seededRandom, World } from '../sim/world.js';
import { till } from './helpers.js';
import { syncTuningSchema } from '../../main/config/agent-config.js';

/** The network's time each way. */
const LATENCY_MS = 20;

function bucketPlatform(world: World, capacity: number, refillPerSecond: number) {
  const bucket = createRateLimiter({ capacity, refillPerSecond }, () => world.time);
  const sends: Array<{ at: number; status: number }> = [];
  const client = {
    postSale: (_body: string, key: string): Promise<Answer> =>
      new Promise((resolve) => {
        world.schedule(world.time + LATENCY_MS, null, () => {
          const decision = bucket.take('k');
          const status = decision.allowed ? 201 : 429;
          sends.push({ at: world.time - LATENCY_MS, status });
          const headers = new Map(
            Object.entries(decision.headers).map(([name, value]) => [name.toLowerCase(), value]),
          );
          const get: AnswerHeaders['get'] = (name) => headers.get(name.toLowerCase()) ?? null;
          const body = decision.allowed ? JSON.stringify({ id: `sale_${key}` }) : '{}';
          world.schedule(world.time + LATENCY_MS, null, () =>
            resolve({ kind: 'response', status, headers: { get }, body }),
          );
        });
      }),
    reachable: () => Promise.resolve(true),
    close() {},
  };
  return { client, sends };
}

describe('pacer: a lone till whose bucket is smaller than a pass', () => {
  it('after its first 429, keeps its spacing and is never refused for the quota again', async () => {
    const t = till();
    const world = new World();
    const tillProcess = world.addProcess(0);
    const { client, sends } = bucketPlatform(world, 4, 1);
    const engine = createSyncEngine({
      file: t.file,
      config: {
        baseUrl: 'https://platform.test',
        apiKey: 'k',
        sync: syncTuningSchema.parse({ concurrency: 5 }), // else as in production
      },
      clock: tillProcess.clock,
      timers: tillProcess.timers,
      random: seededRandom(568),
      clientFor: () => client,
    });
    const ids = t.record(19);
    const state = t.store.database.sqlite
      .prepare(`select count(*) from outbox where state = 'synced'`)
      .pluck();
    engine.start();
    while ((state.get() as number) < ids.length && world.time < 120_000) await world.step();
    const stopped = engine.stop();
    while (world.nextEventAt !== undefined && world.time < 200_000) await world.step();
    await stopped;

    expect(state.get()).toBe(ids.length);
    const firstRefused = sends.find((send) => send.status === 429);
    expect(firstRefused).toBeDefined(); // the first pass overshoots: it knew nothing yet
    const told = firstRefused!.at + 2 * LATENCY_MS;
    const refusedAfter = sends.filter((send) => send.status === 429 && send.at > told);
    expect(refusedAfter).toEqual([]);
    // Not slower than the bucket: 15 more after the first four, at one a second, with slack.
    expect(world.time).toBeLessThan(60_000);
  });
});
