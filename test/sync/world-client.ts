// The real engine in the simulation's virtual time, for engine tests: a platform client
// whose request reaches the platform `latencyMs` after it leaves, where `answer` decides
// (status and headers; a sale's id on a 2xx), the answer taking as long again to come back;
// and a drain of a till's sales through it.
import { syncTuningSchema } from '../../main/config/agent-config.js';
import type { Answer } from '../../main/sync/classify.js';
import { createSyncEngine } from '../../main/sync/engine.js';
import type { PlatformClient } from '../../main/sync/platform-client.js';
import { seededRandom, type World } from '../sim/world.js';
import type { till } from './helpers.js';

export interface ScriptedAnswer {
  status: number;
  headers: Record<string, string>;
}

export function worldClient(
  world: World,
  latencyMs: number,
  answer: (idempotencyKey: string) => ScriptedAnswer,
): PlatformClient {
  return {
    postSale: (_body: string, key: string): Promise<Answer> =>
      new Promise((resolve) => {
        world.schedule(world.time + latencyMs, null, () => {
          const { status, headers } = answer(key);
          const named = new Map(Object.entries(headers).map(([n, v]) => [n.toLowerCase(), v]));
          const body = status < 300 ? JSON.stringify({ id: `sale_${key}` }) : '{}';
          world.schedule(world.time + latencyMs, null, () =>
            resolve({
              kind: 'response',
              status,
              headers: { get: (name: string) => named.get(name.toLowerCase()) ?? null },
              body,
            }),
          );
        });
      }),
    reachable: () => Promise.resolve(true),
    close() {},
  };
}

/**
 * Records `sales` on till `t` and runs its engine (production tuning, `concurrency`
 * workers) in `world` until all are synced or `giveUpAtMs`, then stops it: how many synced.
 */
export async function drainInWorld(
  t: ReturnType<typeof till>,
  world: World,
  client: PlatformClient,
  options: { sales: number; concurrency: number; seed: number; giveUpAtMs: number },
): Promise<number> {
  const tillProcess = world.addProcess(0);
  const engine = createSyncEngine({
    file: t.file,
    config: {
      baseUrl: 'https://platform.test',
      apiKey: 'k',
      sync: syncTuningSchema.parse({ concurrency: options.concurrency }),
    },
    clock: tillProcess.clock,
    timers: tillProcess.timers,
    random: seededRandom(options.seed),
    clientFor: () => client,
  });
  t.record(options.sales);
  const synced = t.store.database.sqlite
    .prepare(`select count(*) from outbox where state = 'synced'`)
    .pluck();
  engine.start();
  while ((synced.get() as number) < options.sales && world.time < options.giveUpAtMs)
    await world.step();
  const stopped = engine.stop();
  while (world.nextEventAt !== undefined && world.time < options.giveUpAtMs * 2) await world.step();
  await stopped;
  return synced.get() as number;
}
