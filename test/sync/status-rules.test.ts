// Property test of the status rules: the real engine, on a real SQLite file, in the
// simulated world (virtual clock, a platform that fails, has outages that refuse or hang,
// and a till clock that steps). Random sequences of sales, outages and clock steps; after
// every event the status must satisfy every rule (the status as read, its view and the
// metrics agree), a platform refusing connections for longer than the idle check must not
// be shown online, nor one that hangs for longer than the online window.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../db/store.js';
import { syncTuningSchema } from '../../main/config/agent-config.js';
import { ONLINE_WINDOW_MS } from '../../domain/link.js';
import { viewStatus } from '../../domain/views/status-view.js';
import { createSyncEngine } from '../../main/sync/engine.js';
import { statusRuleViolations } from '../helpers/status-rules.js';
import { checked } from '../helpers/sales.js';
import { createSimPlatform } from '../sim/sim-platform.js';
import { seededRandom, World } from '../sim/world.js';

const SEEDS = 60;
const RUN_MS = 600_000;

async function runStatusSeed(seed: number): Promise<string[]> {
  const random = seededRandom(seed);
  const dir = mkdtempSync(join(tmpdir(), 'tillsync-status-rules-'));
  const file = join(dir, 'tillsync.db');
  const world = new World();
  const store = openStore(file);
  const platform = createSimPlatform(world, random, {
    honoursKeys: random() < 0.5,
    rateLimit: null,
    requestTimeoutMs: 5000,
  });
  const process = world.addProcess(0);
  const sync = syncTuningSchema.parse({
    idleCheckMs: 20_000,
    requestTimeoutMs: 5000,
    backoffCapMs: 30_000,
  });
  const engine = createSyncEngine({
    file,
    config: { baseUrl: 'https://platform.sim', apiKey: 'sim-key', sync },
    clock: process.clock,
    timers: process.timers,
    random,
    owner: 'sim#1',
    liveness: () => 'alive',
    clientFor: () => platform.client(process),
  });
  const broken: string[] = [];
  let outage = { since: 0, until: 0, hangs: false };
  let sales = 0;

  const plan = (at: number, run: () => void) => world.schedule(at, null, run);
  for (let at = 0; at < RUN_MS; at += 1000 + Math.floor(random() * 30_000)) {
    const roll = random();
    if (roll < 0.6) {
      plan(at, () => {
        const result = store.recordSale(
          checked({
            items: [{ productId: 'prod_1', quantity: 1, unitPriceMinor: 250 }],
            paymentMethod: 'CASH',
          }),
          { now: process.clock.now() },
        );
        if (result.ok) sales += 1;
        engine.notifySaleRecorded();
      });
    } else if (roll < 0.8) {
      const ms = 5000 + Math.floor(random() * 120_000);
      const hangs = random() < 0.4;
      plan(at, () => {
        platform.outage(ms, hangs ? 'hang' : 'refuse');
        // An outage that changes kind counts from now: the rule for its kind starts over.
        const goesOn = world.time < outage.until && outage.hangs === hangs;
        const since = goesOn ? outage.since : world.time;
        outage = { since, until: Math.max(outage.until, world.time + ms), hangs };
      });
    } else if (roll < 0.9) {
      const step = Math.floor((random() - 0.5) * 7_200_000);
      plan(at, () => (process.wallOffset += step));
    } else {
      plan(at, () => {
        platform.heal(); // ends any outage, and the random faults
        outage = { since: 0, until: 0, hangs: false };
      });
    }
  }

  engine.start();
  while (world.time < RUN_MS) {
    const { ran } = await world.step();
    if (!ran) break;
    const status = engine.status();
    const now = process.clock.now();
    for (const text of statusRuleViolations(status, now)) {
      broken.push(`seed ${seed} at ${world.time} ms: ${text}`);
    }
    // Refusing for longer than an idle check, a request timeout and a tick, or hanging
    // for longer than the online window (no answer comes): never shown online.
    const downFor = world.time < outage.until ? world.time - outage.since : 0;
    const noticeWithin = outage.hangs
      ? ONLINE_WINDOW_MS + 1000
      : sync.idleCheckMs + sync.requestTimeoutMs + sync.pollIntervalMs + 1000;
    if (downFor > noticeWithin && viewStatus(status, now).link === 'online')
      broken.push(
        `seed ${seed} at ${world.time} ms: online ${downFor} ms into an outage (${outage.hangs ? 'hang' : 'refuse'})`,
      );
    if (broken.length > 0) break;
  }
  await Promise.race([
    engine.stop(),
    (async () => {
      while ((await world.step()).ran);
    })(),
  ]);
  store.close();
  rmSync(dir, { recursive: true, force: true });
  if (sales === 0) broken.push(`seed ${seed}: no sale was recorded`);
  return broken;
}

describe('the status rules', () => {
  it(`hold after every event of ${SEEDS} random runs of the engine`, async () => {
    const broken: string[] = [];
    for (let seed = 1; seed <= SEEDS && broken.length === 0; seed++) {
      broken.push(...(await runStatusSeed(seed)));
    }
    expect(broken).toEqual([]);
  }, 120_000);
});
