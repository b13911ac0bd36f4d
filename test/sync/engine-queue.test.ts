import { describe, expect, it } from 'vitest';
import { created, scriptedServer } from '../helpers/scripted-server.js';
import { checked, corrected, correctedSale } from '../helpers/sales.js';
import { sandboxForTest } from '../sandbox/helpers.js';
import { till, waitUntil } from './helpers.js';

describe('sync engine: the queue', () => {
  it('keeps backoff across a restart: the next attempt time is on disk', async () => {
    let fail = true;
    const server = await scriptedServer(() =>
      fail ? { status: 503, headers: { 'retry-after': '2' } } : created(),
    );
    const t = till();
    const [id] = t.record(1);
    const first = t.engine({ baseUrl: server.url, apiKey: 'k', sync: { inlineRetryMaxMs: 0 } });
    await first.drain();
    await first.stop();
    const due = t.store.getSale(id!)!.outbox.nextAttemptAt!;
    expect(due - Date.now()).toBeGreaterThan(1000);
    fail = false;
    const second = t.engine({ baseUrl: server.url, apiKey: 'k' });
    expect(await second.drain()).toMatchObject({ synced: 0 });
    expect(server.requests).toHaveLength(1); // not sent again before its time
    second.start();
    await waitUntil(() => t.store.getSale(id!)!.outbox.state === 'synced', 5000, 'synced when due');
    expect(server.requests.at(-1)!.at).toBeGreaterThanOrEqual(due - 20);
  });

  it('sends again, with the same key, a sale left `sending` by a process that died mid-request', async () => {
    const server = await scriptedServer(() => created());
    const t = till();
    const [id] = t.record(1);
    const key = t.store.getSale(id!)!.outbox.idempotencyKey;
    t.store.database.sqlite.prepare(`update outbox set state = 'sending'`).run();
    const engine = t.engine({ baseUrl: server.url, apiKey: 'k' });
    expect(await engine.drain()).toMatchObject({ synced: 1 });
    expect(server.requests[0]!.headers['idempotency-key']).toBe(key);
  });

  it('ends a pass once its sales are answered: an idle worker does not sleep out a pace slot', async () => {
    // One request left of two, full again in a minute: the next request's slot is 60 s on.
    const server = await scriptedServer(() => ({
      status: 201,
      headers: { 'ratelimit-limit': '2', 'ratelimit-remaining': '1', 'ratelimit-reset': '60' },
      body: '{"id":"sale_1"}',
    }));
    const t = till();
    const engine = t.engine({ baseUrl: server.url, apiKey: 'k', sync: { concurrency: 4 } });
    t.record(1);
    await engine.drain(); // learns the pace
    const [id] = t.record(1);
    const tenSeconds = new Promise((resolve) => setTimeout(resolve, 10_000, 'still waiting'));
    const pass = engine.drain().then((summary) => summary.synced);
    // The sale takes the first slot; three workers with nothing to send must not wait.
    expect(await Promise.race([pass, tenSeconds])).toBe(1);
    expect(t.store.getSale(id!)!.outbox.state).toBe('synced');
  }, 15_000);

  it('never sends more sales at once than the concurrency setting, and sends oldest first', async () => {
    const server = await scriptedServer(() => ({
      ...(created() as object),
      status: 201,
      delayMs: 60,
    }));
    const t = till();
    const ids = t.record(12);
    const engine = t.engine({ baseUrl: server.url, apiKey: 'k', sync: { concurrency: 3 } });
    await engine.drain();
    expect(server.maxConcurrent).toBe(3);
    const keys = ids.map((id) => t.store.getSale(id)!.outbox.idempotencyKey);
    const sentOrder = server.requests.map((r) => r.headers['idempotency-key']);
    expect(sentOrder.slice(0, 3).sort()).toEqual(keys.slice(0, 3).sort());

    const serial = await scriptedServer(() => created());
    const t2 = till();
    const ordered = t2.record(6);
    await t2.engine({ baseUrl: serial.url, apiKey: 'k', sync: { concurrency: 1 } }).drain();
    expect(serial.requests.map((r) => r.headers['idempotency-key'])).toEqual(
      ordered.map((id) => t2.store.getSale(id)!.outbox.idempotencyKey),
    );
  });

  it('does not let a slow or refused sale hold up the others', async () => {
    const server = await scriptedServer((request) =>
      // A failure of this sale only (a 503 or 429 would hold the whole queue, rightly).
      request.body.includes('prod_slow')
        ? { status: 500, headers: { 'retry-after': '60' } }
        : created(),
    );
    const t = till();
    const [slow] = t.record(1, {
      items: [{ productId: 'prod_slow', quantity: 1, unitPriceMinor: 100 }],
    });
    const others = t.record(8);
    const engine = t.engine({ baseUrl: server.url, apiKey: 'k', sync: { concurrency: 1 } });
    const summary = await engine.drain();
    expect(summary).toMatchObject({ synced: 8, requeued: 1 });
    for (const id of others) expect(t.store.getSale(id)!.outbox.state).toBe('synced');
    expect(t.store.getSale(slow!)!.outbox.state).toBe('pending');
  });

  it('flags sales pending for longer than the stale setting, and never drops them', async () => {
    const t = till();
    t.store.recordSale(checked(), { now: Date.now() - 25 * 3_600_000 });
    t.record(1);
    const engine = t.engine({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    const status = engine.status();
    expect(status.stale).toBe(1);
    expect(status.oldestPendingAgeMs).toBeGreaterThan(25 * 3_600_000 - 60_000);
    expect(status.counts.pending).toBe(2);
  });

  it('lets a person retry, edit or discard a refused sale', async () => {
    const sandbox = await sandboxForTest();
    const t = till();
    // Priced as validSale() (4.50): an edit that fixes the product keeps the money taken.
    const badItems = { items: [{ productId: 'prod_gone', quantity: 1, unitPriceMinor: 450 }] };
    const [retryMe, editMe, dropMe] = [
      ...t.record(1, badItems),
      ...t.record(1, badItems),
      ...t.record(1, badItems),
    ];
    const engine = t.engine({ baseUrl: sandbox.url, apiKey: await sandbox.mintKey() });
    await engine.drain();
    expect(t.store.listRefused()).toHaveLength(3);
    const oldKey = t.store.getSale(editMe!)!.outbox.idempotencyKey;

    // Retry as is: same key, same answer.
    expect(t.store.retryRefused(retryMe!)).toMatchObject({
      ok: true,
      value: { state: 'pending', revision: 1 },
    });
    // Edit: a new revision with a new key; the old revision stays in the attempt log.
    const receipt = String(t.store.getSale(editMe!)!.receiptNumber);
    const edited = t.store.editRefused(receipt, corrected());
    expect(edited).toMatchObject({ ok: true, value: { state: 'pending', revision: 2 } });
    const fixed = t.store.getSale(editMe!)!;
    expect(fixed.outbox.idempotencyKey).not.toBe(oldKey);
    expect(fixed.items.map((i) => i.productId)).toEqual([
      'prod_8Hq2x',
      '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11',
    ]);
    const log = t.attempts(editMe!);
    const editEntry = log.find((a) => a.outcome === 'edited')!;
    expect(editEntry.key).toBe(oldKey);
    const detail = t.store.database.sqlite
      .prepare(`select detail from sync_attempts where outcome = 'edited'`)
      .get() as { detail: string };
    expect(JSON.parse(detail.detail)).toMatchObject({
      items: [{ productId: 'prod_gone', quantityMilli: 1000, unitPriceMinor: 450 }],
    });
    // Discard: needs a reason; the sale stays, marked discarded.
    expect(t.store.discardRefused(dropMe!, { reason: '  ' })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        fields: [{ path: '/reason', message: 'must say why the sale is discarded' }],
      },
    });
    expect(t.store.discardRefused(dropMe!, { reason: 'Test sale rung up by mistake' }).ok).toBe(
      true,
    );

    await engine.drain();
    expect(t.store.getSale(editMe!)!.outbox.state).toBe('synced');
    expect(t.store.getSale(retryMe!)!.outbox.state).toBe('refused');
    expect(t.store.getSale(dropMe!)!.outbox).toMatchObject({
      state: 'discarded',
      discardReason: 'Test sale rung up by mistake',
    });
    expect(t.store.retryRefused(editMe!)).toMatchObject({
      ok: false,
      error: { code: 'not_refused' },
    });
    expect(t.store.editRefused('no-such-sale', corrected())).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    // What needs the till's settings is checked by the store: a method this till does not take.
    const byCheque = corrected(correctedSale({ paymentMethod: 'CHEQUE' }));
    expect(t.store.editRefused(retryMe!, byCheque)).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        fields: [{ path: '/paymentMethod', message: 'must be one of CASH, MOBILE_MONEY' }],
      },
    });
    expect(sandbox.countSales()).toBe(1);
  });

  it('Resync now clears backoff and the authorization pause, and says what it did', async () => {
    let answer: 'throttle' | 'refuse' | 'ok' = 'throttle';
    const server = await scriptedServer(() =>
      answer === 'throttle'
        ? { status: 503, headers: { 'retry-after': '600' } }
        : answer === 'refuse'
          ? { status: 401 }
          : created(),
    );
    const t = till();
    t.record(2);
    const engine = t.engine({ baseUrl: server.url, apiKey: 'k' });
    await engine.drain();
    expect(t.store.countByState().pending).toBe(2);
    answer = 'refuse';
    // Both sales go out at once (concurrency 4): both meet the refused key, neither spends an attempt.
    expect(await engine.resync()).toMatchObject({ paused: 2, synced: 0 });
    expect(engine.status().paused).not.toBeNull();
    answer = 'ok';
    expect(await engine.resync()).toMatchObject({ synced: 2 });
    expect(engine.status()).toMatchObject({ paused: null, counts: { synced: 2 } });
  });

  it('on stop, lets a request in flight finish within the grace time, else queues it again, flagged', async () => {
    const server = await scriptedServer(() => 'hang');
    const t = till();
    const [id] = t.record(1);
    const key = t.store.getSale(id!)!.outbox.idempotencyKey;
    const engine = t.engine({
      baseUrl: server.url,
      apiKey: 'k',
      sync: { shutdownGraceMs: 100, requestTimeoutMs: 60_000 },
    });
    void engine.drain();
    await waitUntil(() => server.requests.length === 1, 5000, 'the request');
    const final = await engine.stop();
    expect(final?.counts).toMatchObject({ pending: 1, sending: 0 });
    expect(t.store.getSale(id!)!.outbox).toMatchObject({
      state: 'pending',
      idempotencyKey: key,
      attempts: 0,
      // The request had gone out: the platform may have stored it.
      uncertain: true,
    });
    expect(t.attempts(id!).map((a) => a.outcome)).toEqual(['unanswered']);
  });

  it('lets only one engine send from a database file at a time (the lease)', async () => {
    const server = await scriptedServer(() => ({
      ...(created() as object),
      status: 201,
      delayMs: 50,
    }));
    const t = till();
    t.record(10);
    const a = t.engine({ baseUrl: server.url, apiKey: 'k' });
    const b = t.engine({ baseUrl: server.url, apiKey: 'k' });
    const first = a.drain();
    await waitUntil(() => server.requests.length > 0, 5000, 'a started');
    expect(await b.drain()).toMatchObject({ skipped: 'lease_held' });
    expect(b.status().sender).toBe('another process');
    await first;
    expect(t.store.countByState().synced).toBe(10);
    expect(new Set(server.requests.map((r) => r.headers['idempotency-key'])).size).toBe(10);
  });

  it('sends a new sale soon after it is recorded, and picks up sales recorded elsewhere on its timer', async () => {
    const server = await scriptedServer(() => created());
    const t = till();
    const engine = t.engine({
      baseUrl: server.url,
      apiKey: 'k',
      sync: { debounceMs: 30, pollIntervalMs: 100 },
    });
    engine.start();
    const [mine] = t.record(1);
    engine.notifySaleRecorded();
    await waitUntil(() => t.store.getSale(mine!)!.outbox.state === 'synced', 3000, 'the new sale');
    const [elsewhere] = t.record(1); // as if recorded by another process: no notification
    await waitUntil(
      () => t.store.getSale(elsewhere!)!.outbox.state === 'synced',
      3000,
      'the timer',
    );
  });
});
