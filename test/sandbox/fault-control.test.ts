// Every fault mode, set and lifted through the admin endpoint (on the admin port, which
// stays up when the API's port is refused), and the sandbox still serving afterwards.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/index.js';
import { clientFor, saleRequest, sandboxForTest } from './helpers.js';

async function admin(sandbox: Sandbox, body?: unknown) {
  const response = await fetch(`${sandbox.adminUrl}/admin/faults`, {
    method: body === undefined ? 'GET' : 'PUT',
    headers: {
      authorization: `Bearer ${sandbox.adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** What a sale request meets: an HTTP status, or the network error's code. */
async function outcome(sandbox: Sandbox, key: string): Promise<number | string> {
  const client = clientFor(sandbox, key, { unchecked: true });
  const request = client.postSale(saleRequest()).then((answer) => answer.status);
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), 400));
  try {
    return await Promise.race([request, timeout]);
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code ?? 'network error';
  }
}

const MODES: Array<[Record<string, unknown>, (seen: number | string) => boolean]> = [
  [{ fail5xx: 1 }, (seen) => [500, 502, 503].includes(seen as number)],
  [{ throttle: 1 }, (seen) => [429, 503].includes(seen as number)],
  [{ html: 1 }, (seen) => seen === 502],
  [{ malformed: 1 }, (seen) => seen === 201],
  [{ commitThenDrop: 1 }, (seen) => typeof seen === 'string'],
  [{ latency: '20-40' }, (seen) => seen === 201],
  [{ outage: 'refuse' }, (seen) => seen === 'ECONNREFUSED'],
  [{ outage: 'hang' }, (seen) => seen === 'no answer'],
];

describe('sandbox: every fault mode from the admin endpoint', () => {
  it.each(MODES)('sets %j, lifts it, and keeps serving', async (mode, expected) => {
    const sandbox = await sandboxForTest();
    const key = await sandbox.mintKey();
    const set = await admin(sandbox, mode);
    expect(set.status).toBe(200);
    expect(expected(await outcome(sandbox, key))).toBe(true);
    expect((await admin(sandbox, {})).json).toMatchObject({ outage: 'none', failBeforeStore: 0 });
    expect(await outcome(sandbox, key)).toBe(201);
  });

  it('takes outageFor in JSON (a duration or ms) and ends the outage by itself', async () => {
    const sandbox = await sandboxForTest();
    const key = await sandbox.mintKey();
    const set = await admin(sandbox, { outage: 'refuse', outageFor: '300ms' });
    expect(set.json).toMatchObject({ outage: 'refuse', outageForMs: 300 });
    expect(await outcome(sandbox, key)).toBe('ECONNREFUSED');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await outcome(sandbox, key)).toBe(201);
    expect((await admin(sandbox, { outage: 'hang', outageFor: 250 })).json.outageForMs).toBe(250);
    expect((await admin(sandbox, { outage: 'sideways' })).status).toBe(422);
  });

  it('serves only the admin endpoints on the admin port', async () => {
    const sandbox = await sandboxForTest();
    const response = await fetch(`${sandbox.adminUrl}/v1/sales`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('sandbox: HTTP details', () => {
  it('answers 405 with Allow for a method a known path does not take', async () => {
    const sandbox = await sandboxForTest();
    const client = clientFor(sandbox, await sandbox.mintKey());
    const put = await client.call('PUT', '/v1/sales', saleRequest());
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    expect(put.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(put.json()).toMatchObject({ status: 405, title: 'Method Not Allowed' });
    const patch = await client.call('PATCH', '/v1/sales/sale_x', {});
    expect(patch.headers.get('allow')).toBe('GET');
    expect((await client.call('GET', '/v1/nothing')).status).toBe(404);
  });

  it('answers what the HTTP parser refuses as a problem too', async () => {
    const sandbox = await sandboxForTest();
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(sandbox.port, '127.0.0.1', () =>
        socket.write('GET /v1/sales HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toContain('Content-Type: application/problem+json');
    const body = JSON.parse(raw.split('\r\n\r\n')[1]!) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 400, title: 'Bad Request', type: 'about:blank' });
  });

  it('lists schema and catalog errors of a sale in one answer', async () => {
    const sandbox = await sandboxForTest();
    const answer = await clientFor(sandbox, await sandbox.mintKey()).postSale({
      items: [
        { productId: 'prod_unknown', quantity: 1, price: 1.234 },
        { productId: 'prod_8Hq2x', quantity: -1, price: 4.5 },
      ],
      paymentMethod: 'CASH',
      colour: 'blue',
    });
    expect(answer.status).toBe(422);
    const pointers = (answer.json().errors as Array<{ pointer: string }>).map((e) => e.pointer);
    expect(pointers.sort()).toEqual(
      ['/colour', '/items/0/price', '/items/0/productId', '/items/1/quantity'].sort(),
    );
  });

  it('titles injected problems with their status phrase', async () => {
    const sandbox = await sandboxForTest({ faults: 'fail5xx=0.5,throttle=0.5,seed=3' });
    const client = clientFor(sandbox, await sandbox.mintKey());
    const titles = new Map<number, string>();
    for (let i = 0; i < 20; i++) {
      const answer = await client.postSale(saleRequest());
      titles.set(answer.status, String(answer.json().title));
    }
    const phrases: Record<number, string> = {
      429: 'Too Many Requests',
      500: 'Internal Server Error',
      502: 'Bad Gateway',
      503: 'Service Unavailable',
    };
    expect(titles.size).toBeGreaterThan(2);
    for (const [status, title] of titles) expect(title).toBe(phrases[status]);
  });
});
