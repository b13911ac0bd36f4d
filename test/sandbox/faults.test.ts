import { describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../sandbox/index.js';
import { clientFor, saleRequest, sandboxForTest } from './helpers.js';

const networkCode = async (request: Promise<unknown>) => {
  try {
    await request;
    return 'answered';
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code ?? 'unknown';
  }
};

describe('sandbox: fault injection', () => {
  it('fails before storing with 500, 502 or 503', async () => {
    const sandbox = await sandboxForTest({ faults: 'fail5xx=1,seed=5' });
    const client = clientFor(sandbox, await sandbox.mintKey());
    const statuses = new Set<number>();
    for (let i = 0; i < 12; i++) statuses.add((await client.postSale(saleRequest())).status);
    expect([...statuses].sort()).toEqual([500, 502, 503]);
    expect(sandbox.countSales()).toBe(0);
  });

  it('throttles with 429 or 503 and Retry-After in seconds or as an HTTP date', async () => {
    const sandbox = await sandboxForTest({ faults: 'throttle=1,retryAfter=7,seed=2' });
    const client = clientFor(sandbox, await sandbox.mintKey());
    const seconds = await client.postSale(saleRequest());
    expect([429, 503]).toContain(seconds.status);
    expect(seconds.headers.get('retry-after')).toBe('7');
    await sandbox.faults.set('throttle=1,retryAfter=7,retryAfterFormat=http-date');
    const dated = await client.postSale(saleRequest());
    const waitMs = Date.parse(dated.headers.get('retry-after') ?? '') - Date.now();
    expect(waitMs).toBeGreaterThan(5000);
    expect(waitMs).toBeLessThanOrEqual(7000);
    expect(sandbox.countSales()).toBe(0);
  });

  it('answers 502 with an HTML page, as a proxy would, storing nothing', async () => {
    const sandbox = await sandboxForTest({ faults: 'html=1' });
    const answer = await clientFor(sandbox, await sandbox.mintKey()).postSale(saleRequest());
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.text).toContain('<h1>502 Bad Gateway</h1>');
    expect(sandbox.countSales()).toBe(0);
  });

  it('stores the sale then cuts the connection; a retry with the key gets the stored sale', async () => {
    const sandbox = await sandboxForTest({ faults: 'commitThenDrop=1' });
    const client = clientFor(sandbox, await sandbox.mintKey());
    expect(
      await networkCode(client.postSale(saleRequest(), { 'idempotency-key': 'dropped' })),
    ).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
    expect(sandbox.countSales()).toBe(1);
    await sandbox.faults.set({});
    const retry = await client.postSale(saleRequest(), { 'idempotency-key': 'dropped' });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(sandbox.countSales()).toBe(1);
  });

  it('stores the sale and answers 201 with a body that is not JSON', async () => {
    const sandbox = await sandboxForTest({ faults: 'malformed=1' });
    const answer = await clientFor(sandbox, await sandbox.mintKey(), { unchecked: true }).postSale(
      saleRequest(),
    );
    expect(answer.status).toBe(201);
    expect(() => answer.json()).toThrow(SyntaxError);
    expect(sandbox.countSales()).toBe(1);
  });

  it('adds latency, fixed or in a range', async () => {
    const sandbox = await sandboxForTest({ faults: 'latency=150' });
    const client = clientFor(sandbox, await sandbox.mintKey());
    const started = performance.now();
    await client.postSale(saleRequest());
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('refuses connections during a refuse outage, and comes back on the same port by itself', async () => {
    const sandbox = await sandboxForTest();
    const client = clientFor(sandbox, await sandbox.mintKey());
    await sandbox.faults.set('outage=refuse,outageFor=600ms');
    expect(await networkCode(client.postSale(saleRequest()))).toBe('ECONNREFUSED');
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect((await client.postSale(saleRequest())).status).toBe(201);
  });

  it('holds requests without an answer during a hang outage; the admin endpoint still answers', async () => {
    const sandbox = await sandboxForTest({ faults: 'outage=hang' });
    const client = clientFor(sandbox, await sandbox.mintKey());
    const admin = clientFor(sandbox, sandbox.adminToken);
    let settled = false;
    const hung = networkCode(client.postSale(saleRequest())).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    expect((await admin.call('PUT', '/admin/faults', { outage: 'none' })).status).toBe(200);
    expect(await hung).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
    expect(sandbox.countSales()).toBe(0);
    expect((await client.postSale(saleRequest())).status).toBe(201);
  });

  it('takes fault settings on the admin endpoint, only with the admin token', async () => {
    const sandbox = await sandboxForTest();
    const key = await sandbox.mintKey();
    expect(
      (await clientFor(sandbox, key).call('PUT', '/admin/faults', { failBeforeStore: 1 })).status,
    ).toBe(401);
    const admin = clientFor(sandbox, sandbox.adminToken);
    const set = await admin.call('PUT', '/admin/faults', { failBeforeStore: 1, seed: 9 });
    expect(set.json()).toMatchObject({ failBeforeStore: 1, seed: 9, outage: 'none' });
    expect((await admin.call('PUT', '/admin/faults', { throttle: 2 })).status).toBe(422);
    expect((await clientFor(sandbox, key).postSale(saleRequest())).status).toBeGreaterThanOrEqual(
      500,
    );
    const minted = await admin.call('POST', '/admin/keys', { scope: 'sales:read' });
    expect(minted.status).toBe(201);
    expect((await clientFor(sandbox, String(minted.json().key)).get('/v1/sales')).status).toBe(200);
  });

  it('repeats exactly the same faults for the same seed and order of requests', async () => {
    const spec = 'fail5xx=0.3,throttle=0.2,html=0.1,seed=42';
    const runs: number[][] = [];
    for (let run = 0; run < 2; run++) {
      const sandbox = await sandboxForTest({ faults: spec });
      const client = clientFor(sandbox, await sandbox.mintKey());
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await client.postSale(saleRequest())).status);
      runs.push(statuses);
    }
    expect(runs[0]).toEqual(runs[1]);
    expect(new Set(runs[0]).size).toBeGreaterThan(2);
  });

  it('reads a compact fault spec, and names what is wrong with a bad one', () => {
    const parsed = parseFaultSpec(
      'latency=20-80, fail5xx=0.1, commitThenDrop=0.05, outage=hang, outageFor=2s, seed=9',
    );
    expect(parsed.success && parsed.data).toMatchObject({
      latencyMs: [20, 80],
      failBeforeStore: 0.1,
      commitThenDrop: 0.05,
      outage: 'hang',
      outageForMs: 2000,
      seed: 9,
    });
    expect(parseFaultSpec('fail5xx=2').success).toBe(false);
    expect(parseFaultSpec('fail5xx=0.6,throttle=0.6').error?.issues[0]?.message).toMatch(
      /more than 1/,
    );
    expect(parseFaultSpec('teleport=1').error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});
