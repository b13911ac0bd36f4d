import { describe, expect, it } from 'vitest';
import { created, scriptedServer } from '../helpers/scripted-server.js';
import { sandboxForTest } from '../sandbox/helpers.js';
import { fastTuning, till, waitUntil } from './helpers.js';

const UUID = /^[0-9a-f-]{36}$/;

describe('sync engine: every kind of answer', () => {
  it('2xx: marks the sale synced and keeps the remote id and body', async () => {
    const sandbox = await sandboxForTest();
    const t = till();
    const [id] = t.record(1, { customerId: 'cus_amina' });
    const engine = t.engine({ baseUrl: sandbox.url, apiKey: await sandbox.mintKey() });
    expect(await engine.drain()).toMatchObject({ synced: 1, refused: 0 });
    const sale = t.store.getSale(id!)!;
    expect(sale.outbox).toMatchObject({ state: 'synced', attempts: 1, lastHttpStatus: 201 });
    expect(sale.outbox.platformId).toMatch(/^sale_/);
    expect(sandbox.countSales()).toBe(1);
    expect(engine.status()).toMatchObject({
      link: 'online',
      counts: { synced: 1, pending: 0 },
    });
    expect(engine.status().lastSuccessAt).toBeGreaterThan(Date.now() - 5000);
  });

  it('sends exactly the documented body with the stored key, a User-Agent and the Bearer key', async () => {
    const server = await scriptedServer(() => created());
    const t = till();
    const [id] = t.record(1, { shopId: 'shop_1', customerId: 'cus_1' });
    const engine = t.engine({ baseUrl: server.url, apiKey: 'the-key' });
    await engine.drain();
    const [request] = server.requests;
    expect(request!.url).toBe('/v1/sales');
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer the-key',
      'content-type': 'application/json',
      'idempotency-key': t.store.getSale(id!)!.outbox.idempotencyKey,
    });
    expect(request!.headers['user-agent']).toMatch(/^Tillsync\/\d+\.\d+\.\d+ /);
    expect(JSON.parse(request!.body)).toEqual({
      shopId: 'shop_1',
      items: [
        { productId: 'prod_8Hq2x', quantity: 2, price: 1.25 },
        { productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', quantity: 0.5, price: 3.99 },
      ],
      paymentMethod: 'CASH',
      customerId: 'cus_1',
    });
  });

  it('5xx before storing (500/502/503): retries with the same key until it lands', async () => {
    const sandbox = await sandboxForTest({ faults: 'fail5xx=0.6,seed=11' });
    const t = till();
    const ids = t.record(10);
    const engine = t.engine({ baseUrl: sandbox.url, apiKey: await sandbox.mintKey() });
    engine.start();
    await waitUntil(() => t.store.countByState().synced === 10, 10_000, 'all synced');
    expect(sandbox.countSales()).toBe(10);
    for (const id of ids) {
      const keys = new Set(t.attempts(id).map((a) => a.key));
      expect(keys.size).toBe(1);
    }
    const statuses = ids.flatMap((id) => t.attempts(id).map((a) => a.httpStatus));
    expect(statuses.filter((s) => s && s >= 500).length).toBeGreaterThan(0);
  });

  it('commit-then-drop: the retry with the same key replays, so the sale exists once', async () => {
    const sandbox = await sandboxForTest({ faults: 'commitThenDrop=0.5,seed=4' });
    const t = till();
    t.record(10);
    const engine = t.engine({ baseUrl: sandbox.url, apiKey: await sandbox.mintKey() });
    engine.start();
    await waitUntil(() => t.store.countByState().synced === 10, 10_000, 'all synced');
    expect(sandbox.countSales()).toBe(10);
    expect(engine.status().link).toBe('online'); // a cut answer is not an outage
  });

  it('429 and 503 with Retry-After (seconds or HTTP date): waits at least that long', async () => {
    for (const format of ['seconds', 'http-date']) {
      const sandbox = await sandboxForTest({
        faults: `throttle=1,retryAfter=1,retryAfterFormat=${format}`,
      });
      const t = till();
      const [id] = t.record(1);
      const engine = t.engine({
        baseUrl: sandbox.url,
        apiKey: await sandbox.mintKey(),
        sync: { inlineRetryMaxMs: 0 },
      });
      const before = Date.now();
      await engine.drain();
      const sale = t.store.getSale(id!)!;
      expect(sale.outbox.state).toBe('pending');
      expect([429, 503]).toContain(sale.outbox.lastHttpStatus);
      expect(sale.outbox.nextAttemptAt! - before).toBeGreaterThanOrEqual(
        format === 'seconds' ? 990 : 0,
      );
      await sandbox.faults.set({});
      engine.start();
      await waitUntil(
        () => t.store.getSale(id!)!.outbox.state === 'synced',
        5000,
        'synced after the wait',
      );
      expect(t.attempts(id!).at(-1)!.outcome).toBe('synced');
    }
  });

  it('408, 409, 425 and 504 are retried too; 501 is retried, then parked after a bounded number of attempts', async () => {
    const statuses = [408, 409, 425, 504];
    const server = await scriptedServer((_request, index) =>
      index < statuses.length ? { status: statuses[index]! } : created(),
    );
    const t = till();
    const [id] = t.record(1);
    const engine = t.engine({ baseUrl: server.url, apiKey: 'k' });
    engine.start();
    await waitUntil(() => t.store.getSale(id!)!.outbox.state === 'synced', 5000, 'synced');
    expect(t.attempts(id!).map((a) => a.httpStatus)).toEqual([408, 409, 425, 504, 201]);

    const broken = await scriptedServer(() => ({ status: 501, body: 'Not Implemented' }));
    const t2 = till();
    const [stuck] = t2.record(1);
    const engine2 = t2.engine({
      baseUrl: broken.url,
      apiKey: 'k',
      sync: { maxUnexpectedAttempts: 3 },
    });
    engine2.start();
    await waitUntil(() => t2.store.getSale(stuck!)!.outbox.state === 'refused', 5000, 'parked');
    expect(broken.requests).toHaveLength(3);
    expect(t2.store.getSale(stuck!)!.outbox.lastErrorReason).toMatch(
      /HTTP 501: Not Implemented .*gave up after 3 unexpected answers/,
    );
  });

  it('other 4xx: parks the sale with the server reason and the queue moves on', async () => {
    const sandbox = await sandboxForTest();
    const t = till();
    const [bad] = t.record(1, {
      items: [{ productId: 'prod_gone', quantity: 1, unitPriceMinor: 100 }],
    });
    const good = t.record(3);
    const engine = t.engine({
      baseUrl: sandbox.url,
      apiKey: await sandbox.mintKey(),
      sync: { concurrency: 1 },
    });
    expect(await engine.drain()).toMatchObject({ synced: 3, refused: 1 });
    const parked = t.store.getSale(bad!)!;
    expect(parked.outbox).toMatchObject({
      state: 'refused',
      lastHttpStatus: 422,
      lastErrorCode: 'http_422',
    });
    expect(parked.outbox.lastErrorReason).toBe(
      'HTTP 422: The sale is not valid (/items/0/productId: no product prod_gone)',
    );
    for (const id of good) expect(t.store.getSale(id)!.outbox.state).toBe('synced');
    expect(t.store.listRefused().map((c) => c.lastErrorReason)).toEqual([
      parked.outbox.lastErrorReason,
    ]);
  });

  it('401 and 403: pause the whole queue without spending retries, until the key changes', async () => {
    const sandbox = await sandboxForTest();
    const t = till();
    const ids = t.record(5);
    const revoked = await sandbox.mintKey();
    await sandbox.revokeKey(revoked);
    const engine = t.engine({ baseUrl: sandbox.url, apiKey: revoked, sync: { concurrency: 1 } });
    expect(await engine.drain()).toMatchObject({ paused: 1, synced: 0 });
    expect(await engine.drain()).toMatchObject({ skipped: 'paused' });
    const status = engine.status();
    expect(status.link).toBe('key_rejected');
    expect(status.paused?.reason).toMatch(/HTTP 401: The key has been revoked/);
    expect(ids.map((id) => t.store.getSale(id)!.outbox.attempts)).toEqual([0, 0, 0, 0, 0]);
    expect(ids.map((id) => t.store.getSale(id)!.outbox.state)).toEqual(Array(5).fill('pending'));

    // A key without the scope is refused the same way (403).
    const readOnly = await sandbox.mintKey({ scope: 'sales:read' });
    engine.updateConfig({
      baseUrl: sandbox.url,
      apiKey: readOnly,
      sync: fastTuning({ concurrency: 1 }),
    });
    await waitUntil(
      () => engine.status().paused !== null && /403/.test(engine.status().paused!.reason),
      5000,
      '403 pause',
    );

    engine.updateConfig({
      baseUrl: sandbox.url,
      apiKey: await sandbox.mintKey(),
      sync: fastTuning(),
    });
    await waitUntil(() => t.store.countByState().synced === 5, 5000, 'resumed');
    expect(engine.status()).toMatchObject({ link: 'online', paused: null });
  });

  it('keeps a pause across a restart for the refused key only', async () => {
    const sandbox = await sandboxForTest();
    const t = till();
    t.record(1);
    const refused = await sandbox.mintKey({ scope: 'sales:read' });
    const first = t.engine({ baseUrl: sandbox.url, apiKey: refused });
    await first.drain();
    await first.stop();
    const again = t.engine({ baseUrl: sandbox.url, apiKey: refused });
    expect(await again.drain()).toMatchObject({ skipped: 'paused' });
    await again.stop();
    const fixed = t.engine({ baseUrl: sandbox.url, apiKey: await sandbox.mintKey() });
    expect(await fixed.drain()).toMatchObject({ synced: 1 });
  });

  it('network failure: goes offline, probes instead of hammering, and sends when the platform is back', async () => {
    const sandbox = await sandboxForTest();
    const t = till();
    const key = await sandbox.mintKey();
    await sandbox.faults.set('outage=refuse');
    t.record(3);
    const engine = t.engine({ baseUrl: sandbox.url, apiKey: key });
    engine.start();
    await waitUntil(() => engine.status().link === 'offline', 5000, 'offline');
    const attemptsWhileDown = t.store.database.sqlite
      .prepare('select count(*) as n from sync_attempts')
      .get() as { n: number };
    await new Promise((resolve) => setTimeout(resolve, 400));
    const laterAttempts = t.store.database.sqlite
      .prepare('select count(*) as n from sync_attempts')
      .get() as { n: number };
    expect(laterAttempts.n).toBe(attemptsWhileDown.n); // probing, not sending
    // In words for the screens; the system's code is kept in the stored error code.
    expect(engine.status().lastError).toMatchObject({
      code: 'network_ECONNREFUSED',
      message: 'The platform refused the connection',
    });
    await sandbox.faults.set({});
    await waitUntil(() => t.store.countByState().synced === 3, 5000, 'synced after the outage');
    expect(engine.status().link).toBe('online');
    expect(sandbox.countSales()).toBe(3);
  });

  it('timeout: a platform that never answers is retried with the same key once it does', async () => {
    const sandbox = await sandboxForTest({ faults: 'outage=hang' });
    const t = till();
    const [id] = t.record(1);
    const engine = t.engine({
      baseUrl: sandbox.url,
      apiKey: await sandbox.mintKey(),
      sync: { requestTimeoutMs: 300 },
    });
    await engine.drain();
    expect(t.store.getSale(id!)!.outbox).toMatchObject({
      state: 'pending',
      lastErrorCode: 'timeout',
    });
    await sandbox.faults.set({});
    engine.start();
    await waitUntil(() => t.store.getSale(id!)!.outbox.state === 'synced', 5000, 'synced');
    expect(new Set(t.attempts(id!).map((a) => a.key)).size).toBe(1);
    expect(t.attempts(id!)[0]!.key).toMatch(UUID);
  });

  it('notes when the platform clock is more than five minutes off the till clock', async () => {
    const server = await scriptedServer(() => ({
      status: 201,
      headers: { date: new Date(Date.now() + 10 * 60_000).toUTCString() },
      body: '{}',
    }));
    const t = till();
    t.record(1);
    const engine = t.engine({ baseUrl: server.url, apiKey: 'k' });
    await engine.drain();
    expect(engine.status().clockSkewMs).toBeGreaterThan(9 * 60_000);
    expect(engine.status().clockSkewMs).toBeLessThan(11 * 60_000);
  });
});
