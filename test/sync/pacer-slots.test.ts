// Slots are taken when they are free, at the spacing of the moment: a till whose workers
// all waited for slots handed out at a slow spacing kept that spacing for seconds after
// the platform said plenty was left (ten daemons on one key drained at 0.82 to 0.86 of the
// allowed rate, the pace they were steered to reached only once the slots ran out). The
// real engine on a real SQLite file, in virtual time.
import { describe, expect, it } from 'vitest';
import { World } from '../sim/world.js';
import { till } from './helpers.js';
import { drainInWorld, worldClient } from './world-client.js';

const LATENCY_MS = 20;

describe('pacer: slots at the spacing of the moment', () => {
  it('a pace raised while workers wait for their slots counts at once', async () => {
    const world = new World();
    // Answers 201; the first four say 2 requests are left for 4 s, the rest plenty.
    const sentAt: number[] = [];
    const client = worldClient(world, LATENCY_MS, () => {
      const n = sentAt.push(world.time - LATENCY_MS);
      const remaining = n <= 4 ? '2' : '100';
      return { status: 201, headers: { 'ratelimit-remaining': remaining, 'ratelimit-reset': '4' } };
    });
    const started = world.time;
    const sales = 12;
    const synced = await drainInWorld(till(), world, client, {
      sales,
      concurrency: 4,
      seed: 1,
      giveUpAtMs: 60_000,
    });

    expect(synced).toBe(sales);
    expect(sentAt.length).toBe(sales);
    // The first four go at once (nothing known yet) and say 2 left for 4 s: 2 s apart. The
    // fifth, 2 s on, hears plenty left: the workers waiting behind it go at once, not at
    // 4 and 6 s on as their slots were first handed out.
    const late = sentAt.filter((at) => at - started > 2000 + 5 * LATENCY_MS);
    expect(late).toEqual([]);
  });
});
