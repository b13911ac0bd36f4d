// A void races the sync engine: the engine's claim and the void are one decision, so every
// sale ends either voided and never received by the platform, or sent and not voided. The
// real engine runs against a strict platform on 127.0.0.1 (an engine in this process, and
// the daemon in its own process), while voids are tried at random moments on many sales,
// from their first millisecond to well after they were sent. Some answers are 503s, so
// some sales are retried: pending again, but with an attempt made, which no void may take.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../db/store.js';
import type { Result } from '../../domain/result.js';
import type { VoidedSale } from '../../domain/void.js';
import { startCli } from '../helpers/cli.js';
import { checked, validSale } from '../helpers/sales.js';
import { strictPlatform } from '../helpers/strict-platform.js';
import { tempDir } from '../helpers/temp-dir.js';
import { seededRandom as random } from '../../sandbox/seeded-random.js';
import { till, waitUntil } from './helpers.js';

/** Until nothing waits: every sale voided or sent. */
const everySaleDecided = (store: ReturnType<typeof till>['store']) =>
  waitUntil(
    () => {
      const counts = store.countByState();
      return counts.pending + counts.sending === 0;
    },
    30_000,
    'every sale voided or sent',
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A platform that is slow at random and answers some sends 503 (retried later). */
async function platform(next: () => number) {
  return strictPlatform({
    honoursKeys: true,
    delayMs: 3,
    before: () => (next() < 0.15 ? { status: 503, body: 'busy' } : 'store'),
  });
}

/**
 * Rings up `count` sales while voids are tried at random moments on them (and on older
 * ones); answers every void's result by sale.
 */
async function ringUpAndVoid(store: Store, count: number, next: () => number) {
  const voids = new Map<string, Array<Result<VoidedSale>>>();
  const saleIds: string[] = [];
  const tries: Array<Promise<void>> = [];
  const tryVoid = (saleId: string) => {
    const result = store.voidSale(saleId, { reason: 'race' });
    voids.set(saleId, [...(voids.get(saleId) ?? []), result]);
  };
  for (let index = 0; index < count; index += 1) {
    const recorded = store.recordSale(
      checked(
        validSale({
          items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 100 + index }],
        }),
      ),
    );
    if (!recorded.ok) throw new Error(recorded.error.message);
    const saleId = recorded.value.saleId;
    saleIds.push(saleId);
    // Now, in a moment, or later; and now and then a sale rung up before.
    const roll = next();
    if (roll < 0.15) tryVoid(saleId);
    else if (roll < 0.7) tries.push(sleep(Math.floor(next() * 120)).then(() => tryVoid(saleId)));
    if (next() < 0.2) {
      const older = saleIds[Math.floor(next() * saleIds.length)]!;
      tries.push(sleep(Math.floor(next() * 60)).then(() => tryVoid(older)));
    }
    if (next() < 0.5) await sleep(Math.floor(next() * 8));
  }
  await Promise.all(tries);
  return { saleIds, voids };
}

/** Every sale voided and never received, or sent and not voided; and the race was run. */
function expectOneDecision(
  store: Store,
  server: Awaited<ReturnType<typeof strictPlatform>>,
  saleIds: string[],
  voids: Map<string, Array<Result<VoidedSale>>>,
  seed: number,
) {
  const sqlite = store.database.sqlite;
  const received = new Set(server.posts().map((r) => String(r.headers['idempotency-key'])));
  let voided = 0;
  let refused = 0;
  for (const saleId of saleIds) {
    const sale = store.getSale(saleId)!;
    const results = voids.get(saleId) ?? [];
    const won = results.filter((result) => result.ok).length;
    const why = `sale #${sale.receiptNumber}, seed ${seed}`;
    const log = sqlite
      .prepare('select outcome from sync_attempts where sale_id = ? order by id')
      .pluck()
      .all(saleId);
    if (sale.outbox.state === 'voided') {
      voided += 1;
      expect(won, why).toBe(1);
      expect(received.has(sale.outbox.idempotencyKey), why).toBe(false);
      expect(log, why).toEqual(['voided']);
      expect(sale.outbox).toMatchObject({ attempts: 0, platformId: null });
    } else {
      expect(won, why).toBe(0);
      expect(sale.outbox.state, why).toBe('synced');
      expect(received.has(sale.outbox.idempotencyKey), why).toBe(true);
      expect(log, why).not.toContain('voided');
    }
    for (const result of results)
      if (!result.ok) {
        refused += 1;
        expect(result.error.code, why).toBe('not_voidable');
      }
  }
  expect(server.doubled()).toEqual([]);
  expect(store.countByState()).toMatchObject({
    voided,
    synced: saleIds.length - voided,
    pending: 0,
    sending: 0,
  });
  // Both sides won some: voids took sales before any send, and sends came first for others.
  expect(voided, `seed ${seed}`).toBeGreaterThan(0);
  expect(refused, `seed ${seed}`).toBeGreaterThan(0);
}

const SEED = Number(process.env.VOID_RACE_SEED ?? Date.now() % 1_000_000);

describe('a void and the sync engine', () => {
  it('never both: with the engine running in this process', async () => {
    const next = random(SEED);
    const server = await platform(next);
    const t = till();
    const engine = t.engine({
      baseUrl: server.url,
      apiKey: 'k',
      sync: { pollIntervalMs: 50, debounceMs: 0, backoffBaseMs: 10, backoffCapMs: 100 },
    });
    engine.start();
    const { saleIds, voids } = await ringUpAndVoid(t.store, 300, next);
    await everySaleDecided(t.store);
    await engine.stop();
    expectOneDecision(t.store, server, saleIds, voids, SEED);
  }, 60_000);

  it('never both: with the daemon running in its own process', async () => {
    const next = random(SEED + 1);
    const server = await platform(next);
    const dataDir = tempDir();
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({
        sync: { pollIntervalMs: 50, backoffBaseMs: 10, backoffCapMs: 100, leaseTtlMs: 2000 },
      }),
    );
    const t = till(join(dataDir, 'tillsync.db'));
    const daemon = startCli(['daemon'], {
      TILLSYNC_DATA_DIR: dataDir,
      TILLSYNC_BASE_URL: server.url,
      TILLSYNC_API_KEY: 'k',
    });
    await daemon.waitFor(/daemon started/);
    const { saleIds, voids } = await ringUpAndVoid(t.store, 200, next);
    await everySaleDecided(t.store);
    expect(await daemon.stop()).toBe(0);
    expectOneDecision(t.store, server, saleIds, voids, SEED + 1);
  }, 90_000);
});
