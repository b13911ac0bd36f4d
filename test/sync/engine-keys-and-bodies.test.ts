import { describe, expect, it } from 'vitest';
import { created, scriptedServer } from '../helpers/scripted-server.js';
import { strictPlatform } from '../helpers/strict-platform.js';
import { corrected } from '../helpers/sales.js';
import { fastTuning, till, waitUntil } from './helpers.js';

describe('sync engine: keys, frozen bodies and patience', () => {
  it('pauses only for the key a 401 was sent with: a new key set meanwhile is not blamed', async () => {
    const server = await scriptedServer((request) =>
      request.headers.authorization === 'Bearer old-key'
        ? {
            status: 401,
            delayMs: 300,
            headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
          }
        : created(),
    );
    const t = till();
    t.record(4);
    const config = { baseUrl: server.url, apiKey: 'old-key' };
    const engine = t.engine(config);
    const draining = engine.drain();
    await waitUntil(() => server.requests.length >= 4, 5000, 'the old key in flight');
    engine.updateConfig({
      ...config,
      apiKey: 'new-key',
      sync: fastTuning(),
    });
    await draining;
    await waitUntil(() => t.store.countByState().synced === 4, 5000, 'synced with the new key');
    expect(engine.status().paused).toBeNull();
    await engine.stop();
    // And after a restart with the new key, nothing is paused either.
    const again = t.engine({ ...config, apiKey: 'new-key' });
    expect(again.status()).toMatchObject({ paused: null, link: 'online' });
  });

  it('sends the body bound to a key byte for byte, whatever the settings become', async () => {
    const platform = await strictPlatform({
      honoursKeys: false,
      cutAfterStore: (_request, index) => index === 0, // stored, then the answer is lost
    });
    const t = till();
    const [id] = t.record(1, { shopId: undefined });
    // A fixed jitter: a backoff drawn as 0 ms would be retried in place, within this drain.
    const engine = t.engine(
      { baseUrl: platform.url, apiKey: 'k', sync: { inlineRetryMaxMs: 0 } },
      { random: () => 0.5 },
    );
    await engine.drain();
    expect(t.store.getSale(id!)!.outbox).toMatchObject({ state: 'pending', uncertain: true });
    engine.updateConfig({
      baseUrl: platform.url,
      apiKey: 'k',
      shopId: 'shop_uptown',
      sync: fastTuning({ inlineRetryMaxMs: 0 }),
    });
    await engine.resync();
    const [first, second] = platform.posts();
    expect(second!.body).toBe(first!.body); // not re-built with the new shop
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(JSON.parse(first!.body)).not.toHaveProperty('shopId');
    // Stored twice by a platform that ignores keys: the sale says so.
    expect(t.store.listUncertain().map((sale) => sale.saleId)).toEqual([id]);
  });

  it('asks a person to check the platform before a possibly-stored sale is edited under a new key', async () => {
    const server = await scriptedServer((_request, index) =>
      index === 0 ? 'drop' : { status: 422, body: '{"title":"Unknown product"}' },
    );
    const t = till();
    const [id] = t.record(1);
    const engine = t.engine({ baseUrl: server.url, apiKey: 'k', sync: { inlineRetryMaxMs: 0 } });
    await engine.drain();
    await engine.resync();
    expect(t.store.getSale(id!)!.outbox).toMatchObject({ state: 'refused', uncertain: true });
    const refused = t.store.editRefused(id!, corrected());
    expect(refused).toMatchObject({ ok: false, error: { code: 'may_be_on_platform' } });
    expect(refused.ok || refused.error.message).toMatch(/may already be on the platform/);
    const key = t.store.getSale(id!)!.outbox.idempotencyKey;
    expect(t.store.editRefused(id!, corrected(), { checkedPlatform: true })).toMatchObject({
      ok: true,
      value: { revision: 2 },
    });
    expect(t.store.getSale(id!)!.outbox.idempotencyKey).not.toBe(key);
  });

  it('stops counting an uncertain sale once a person has discarded it', async () => {
    const server = await scriptedServer((_request, index) =>
      index === 0 ? 'drop' : { status: 422, body: '{"title":"Unknown product"}' },
    );
    const t = till();
    const [id] = t.record(1);
    const engine = t.engine({ baseUrl: server.url, apiKey: 'k', sync: { inlineRetryMaxMs: 0 } });
    await engine.drain();
    await engine.resync();
    expect(engine.status().uncertain).toBe(1);
    expect(t.store.discardRefused(id!, { reason: 'Found it on the platform' }).ok).toBe(true);
    // Nothing is left for a person to do: the banner must not stay amber for it.
    expect(engine.status().uncertain).toBe(0);
    expect(t.store.listUncertain()).toEqual([]);
    expect(t.store.getSale(id!)!.outbox).toMatchObject({ state: 'discarded', uncertain: true });
  });

  it('a POST that never answers is tried at its backoff, not every time the platform looks reachable', async () => {
    const server = await scriptedServer(() => 'hang');
    const t = till();
    const [id] = t.record(1);
    const engine = t.engine(
      {
        baseUrl: server.url,
        apiKey: 'k',
        sync: {
          requestTimeoutMs: 300,
          backoffBaseMs: 1000,
          backoffCapMs: 4000,
          inlineRetryMaxMs: 0,
        },
      },
      { random: () => 0.5 },
    );
    engine.start();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const posts = server.requests.filter((r) => r.method === 'POST').length;
    // 0 s, then 0.3 + 0.5, + 1, + 2 s of backoff: four tries in five seconds, not dozens.
    expect(posts).toBeGreaterThanOrEqual(3);
    expect(posts).toBeLessThanOrEqual(5);
    expect(t.store.getSale(id!)!.outbox).toMatchObject({
      uncertain: true,
      lastErrorCode: 'timeout',
    });
  }, 15_000);
});
