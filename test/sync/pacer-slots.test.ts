// Slots are taken when they are free, at the spacing of the moment: a till whose workers
// all waited for slots handed out at a slow spacing kept that spacing for seconds after
// the platform said plenty was left (ten daemons on one key drained at 0.82 to 0.86 of the
// allowed rate, the pace they were steered to reached only once the slots ran out). The
// real engine on a real SQLite file, in virtual time.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../main/sync/classify.js';
import { createSyncEngine } from '../../main/sync/engine.js';
import { syncTuningSchema } from '../../main/config/agent-config.js';
import { seededRandom, World } from '../sim/world.js';
import { till } from './helpers.js';

const LATENCY_MS = 20;

/** Answers 201; the first `slow` answers say 2 requests are left for 4 s, the rest plenty. */
function platform(world: World, slow: number) {
  const sentAt: number[] = [];
  const client = {
    postSale: (_body: string, key: string): Promise<Answer> =>
      new Promise((resolve) => {
        const n = sentAt.push(world.time);
        const remaining = n <= slow ? '2' : '100';
        const headers = new Map([
          ['ratelimit-remaining', remaining],
          ['ratelimit-reset', '4'],
        ]);
        world.schedule(world.time + LATENCY_MS, null, () =>
          resolve({
            kind: 'response',
            status: 201,
            headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
            body: JSON.stringify({ id: `sale_${key}` }),
          }),
        );
      }),
    reachable: () => Promise.resolve(true),
    close() {},
  };
  return { client, sentAt };
}

describe('pacer: slots at the spacing of the moment', () => {
  it('a pace raised while workers wait for their slots counts at once', async () => {
    const t = till();
    const world = new World();
    const tillProcess = world.addProcess(0);
    const { client, sentAt } = platform(world, 4);
    const engine = createSyncEngine({
      file: t.file,
      config: {
        baseUrl: 'https://platform.test',
        apiKey: 'k',
        sync: syncTuningSchema.parse({ concurrency: 4 }),
      },
      clock: tillProcess.clock,
      timers: tillProcess.timers,
      random: seededRandom(1),
      clientFor: () => client,
    });
    const ids = t.record(12);
    const synced = t.store.database.sqlite
      .prepare(`select count(*) from outbox where state = 'synced'`)
      .pluck();
    const started = world.time;
    engine.start();
    while ((synced.get() as number) < ids.length && world.time < 60_000) await world.step();
    const stopped = engine.stop();
    while (world.nextEventAt !== undefined && world.time < 120_000) await world.step();
    await stopped;

    expect(synced.get()).toBe(ids.length);
    // The first four go at once (nothing known yet) and say 2 left for 4 s: 2 s apart. The
    // fifth, 2 s on, hears plenty left: the workers waiting behind it go at once, not at
    // 4 and 6 s on as their slots were first handed out.
    const late = sentAt.filter((at) => at - started > 2000 + 5 * LATENCY_MS);
    expect(sentAt.length).toBe(ids.length);
    expect(late).toEqual([]);
  });
});
