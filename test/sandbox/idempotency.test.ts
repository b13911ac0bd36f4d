import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { clientFor, saleRequest, sandboxForTest } from './helpers.js';

const withKey = (key: string) => ({ 'idempotency-key': key });

describe('sandbox: Idempotency-Key', () => {
  it('replays the first status and body for the same key and body, with Idempotent-Replayed', async () => {
    const sandbox = await sandboxForTest();
    const client = clientFor(sandbox, await sandbox.mintKey());
    const first = await client.postSale(saleRequest(), withKey('sale-1'));
    const again = await client.postSale(saleRequest(), withKey('sale-1'));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(sandbox.countSales()).toBe(1);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const sandbox = await sandboxForTest();
    const client = clientFor(sandbox, await sandbox.mintKey());
    await client.postSale(
      { paymentMethod: 'CASH', items: [{ price: 1.75, quantity: 1, productId: 'prod_3Jk9w' }] },
      withKey('k'),
    );
    const reordered = await client.postSale(
      { items: [{ productId: 'prod_3Jk9w', quantity: 1, price: 1.75 }], paymentMethod: 'CASH' },
      withKey('k'),
    );
    expect(reordered.headers.get('idempotent-replayed')).toBe('true');
    expect(sandbox.countSales()).toBe(1);
  });

  it('refuses the same key with a different body with 422', async () => {
    const sandbox = await sandboxForTest();
    const client = clientFor(sandbox, await sandbox.mintKey());
    await client.postSale(saleRequest(), withKey('sale-1'));
    const changed = await client.postSale(
      saleRequest({ paymentMethod: 'MOBILE_MONEY' }),
      withKey('sale-1'),
    );
    expect(changed.status).toBe(422);
    expect(changed.json().type).toBe('urn:tillsync:sandbox:problem:idempotency-key-reused');
    expect(sandbox.countSales()).toBe(1);
  });

  it('answers 409 while the first request with a key is still in flight', async () => {
    const sandbox = await sandboxForTest({ faults: { latencyMs: 400 } });
    const client = clientFor(sandbox, await sandbox.mintKey());
    const first = client.postSale(saleRequest(), withKey('slow'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await client.postSale(saleRequest(), withKey('slow'));
    expect(second.status).toBe(409);
    expect(second.json().type).toBe('urn:tillsync:sandbox:problem:idempotency-key-in-use');
    expect(second.headers.get('retry-after')).toBe('1');
    expect((await first).status).toBe(201);
    expect(sandbox.countSales()).toBe(1);
  });

  it("points a 409's Retry-After no earlier than the key's quota has more", async () => {
    const sandbox = await sandboxForTest({
      faults: { latencyMs: 400 },
      rateLimit: { capacity: 2, refillPerSecond: 0.25 },
    });
    const client = clientFor(sandbox, await sandbox.mintKey());
    const first = client.postSale(saleRequest(), withKey('slow'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await client.postSale(saleRequest(), withKey('slow'));
    expect(second.status).toBe(409);
    const more = Number(/;t=(\d+)/.exec(second.headers.get('ratelimit') ?? '')?.[1]);
    expect(more).toBeGreaterThan(1);
    expect(Number(second.headers.get('retry-after'))).toBe(more);
    expect((await first).status).toBe(201);
  });

  it('makes exactly one sale from 20 concurrent requests with one key; the rest replay or get 409', async () => {
    const sandbox = await sandboxForTest({ faults: { latencyMs: [0, 30], seed: 3 } });
    const client = clientFor(sandbox, await sandbox.mintKey());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.postSale(saleRequest(), withKey('burst'))),
    );
    expect(sandbox.countSales()).toBe(1);
    const created = answers.filter(
      (a) => a.status === 201 && !a.headers.get('idempotent-replayed'),
    );
    const replayed = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true');
    const inFlight = answers.filter((a) => a.status === 409);
    expect(created).toHaveLength(1);
    expect(replayed.length + inFlight.length).toBe(19);
    expect(inFlight.length).toBeGreaterThan(0);
    for (const replay of replayed) expect(replay.text).toBe(created[0]!.text);
  });

  it('scopes keys to the key subject: the same key from another till is another sale', async () => {
    const sandbox = await sandboxForTest();
    const tillA = clientFor(sandbox, await sandbox.mintKey({ subject: 'till_a' }));
    const tillARotated = clientFor(sandbox, await sandbox.mintKey({ subject: 'till_a' }));
    const tillB = clientFor(sandbox, await sandbox.mintKey({ subject: 'till_b' }));
    await tillA.postSale(saleRequest(), withKey('shared'));
    expect(
      (await tillARotated.postSale(saleRequest(), withKey('shared'))).headers.get(
        'idempotent-replayed',
      ),
    ).toBe('true');
    expect(
      (await tillB.postSale(saleRequest(), withKey('shared'))).headers.get('idempotent-replayed'),
    ).toBeNull();
    expect(sandbox.countSales()).toBe(2);
  });

  it('keeps keys forever, across a restart', async () => {
    const dbFile = join(tempDir(), 'sandbox.db');
    const first = await sandboxForTest({ dbFile });
    const key = await first.mintKey();
    const created = await clientFor(first, key).postSale(saleRequest(), withKey('durable'));
    await first.close();
    const again = await sandboxForTest({ dbFile });
    const replay = await clientFor(again, key).postSale(saleRequest(), withKey('durable'));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(created.text);
    expect(again.countSales()).toBe(1);
  });

  it('does not spend a key on a refused request, and refuses malformed keys with 400', async () => {
    const sandbox = await sandboxForTest();
    const client = clientFor(sandbox, await sandbox.mintKey());
    const refused = await client.postSale(
      saleRequest({ customerId: 'cus_nobody' }),
      withKey('fix-me'),
    );
    expect(refused.status).toBe(422);
    expect(
      (await client.postSale(saleRequest({ customerId: 'cus_amina' }), withKey('fix-me'))).status,
    ).toBe(201);
    expect((await client.postSale(saleRequest(), withKey('x'.repeat(256)))).status).toBe(400);
    expect((await client.postSale(saleRequest(), withKey('has space'))).status).toBe(400);
    expect(sandbox.countSales()).toBe(1);
  });
});
