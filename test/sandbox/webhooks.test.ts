import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../sandbox/index.js';
import { MAX_ENABLED_ENDPOINTS } from '../../sandbox/webhooks/policy.js';
import { clientFor, saleRequest, sandboxForTest } from './helpers.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const receivers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    receivers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** A real webhook receiver on loopback that answers with the given statuses in turn. */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 204;
      response.end();
    });
  });
  receivers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function setup(statuses?: number[], options: { rateLimit?: false } = {}) {
  const sandbox = await sandboxForTest({ webhookRetryDelaysMs: [50, 100, 100], ...options });
  const client = clientFor(sandbox, await sandbox.mintKey({ scope: 'sales:write webhooks:write' }));
  const hooks = await receiver(statuses);
  const registered = await client.call('POST', '/v1/webhook_endpoints', { url: hooks.url });
  expect(registered.status).toBe(201);
  const endpoint = registered.json() as { id: string; secret: string; status: string };
  return { sandbox, client, hooks, endpoint };
}

describe('sandbox: webhooks', () => {
  it('delivers sale.created signed per Standard Webhooks, verifiable with the secret', async () => {
    const { client, hooks, endpoint } = await setup();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(endpoint.status).toBe('enabled');
    const sale = (await client.postSale(saleRequest())).json();
    await until(() => hooks.received.length === 1);
    const [delivery] = hooks.received;
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_/);
    expect(delivery!.headers['webhook-signature']).toMatch(/^v1,/);
    const event = verifyWebhook(endpoint.secret, delivery!.headers, delivery!.body) as {
      type: string;
      data: unknown;
    };
    expect(event.type).toBe('sale.created');
    expect(event.data).toEqual(sale);
  });

  it('rejects a tampered body, a wrong secret, and a timestamp outside the tolerance', async () => {
    const { client, hooks, endpoint } = await setup();
    await client.postSale(saleRequest());
    await until(() => hooks.received.length === 1);
    const { headers, body } = hooks.received[0]!;
    expect(() =>
      verifyWebhook(endpoint.secret, headers, body.replace('"CASH"', '"MOBILE_MONEY"')),
    ).toThrow(WebhookVerificationError);
    expect(() =>
      verifyWebhook('whsec_' + Buffer.alloc(24, 7).toString('base64'), headers, body),
    ).toThrow(/signature/);
    const later = new Date(Date.now() + 10 * 60_000);
    expect(() => verifyWebhook(endpoint.secret, headers, body, { now: later })).toThrow(
      /timestamp/,
    );
    expect(() => verifyWebhook(endpoint.secret, {}, body)).toThrow(/Missing/);
  });

  it('retries a failing receiver with backoff until it accepts (at least once)', async () => {
    const { client, hooks } = await setup([500, 503]);
    await client.postSale(saleRequest());
    await until(() => hooks.received.length === 3);
    const ids = hooks.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1); // the same message, retried
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hooks.received).toHaveLength(3); // delivered on the third try: no more attempts
  });

  it('disables an endpoint that answers 410 Gone and sends it nothing more', async () => {
    const { client, hooks, endpoint } = await setup([410]);
    await client.postSale(saleRequest());
    await until(() => hooks.received.length === 1);
    const statusOf = async () => {
      const listed = (await client.call('GET', '/v1/webhook_endpoints')).json() as {
        data: Array<{ id: string; status: string; disabledReason: string | null }>;
      };
      return listed.data.find((e) => e.id === endpoint.id);
    };
    await until(async () => (await statusOf())?.status === 'disabled');
    expect((await statusOf())?.disabledReason).toBe('The endpoint answered 410 Gone');
    await client.postSale(saleRequest());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hooks.received).toHaveLength(1);
  });

  it('disables an endpoint whose every attempt fails once the schedule runs out, saying why', async () => {
    const { client, hooks, endpoint } = await setup(Array(10).fill(500));
    await client.postSale(saleRequest());
    await until(() => hooks.received.length === 4); // at once, then after 50, 100 and 100 ms
    const endpointNow = async () =>
      (
        (await client.call('GET', '/v1/webhook_endpoints')).json() as {
          data: Array<Record<string, unknown>>;
        }
      ).data.find((e) => e.id === endpoint.id)!;
    await until(async () => (await endpointNow()).status === 'disabled');
    expect(await endpointNow()).toMatchObject({
      failures: 4,
      pending: 0,
      delivered: 0,
      lastError: 'answered 500',
      disabledReason:
        '4 attempts in a row failed, over 250 ms on the retry schedule (the last: answered ' +
        '500); register the endpoint again to resume',
    });
    await client.postSale(saleRequest());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hooks.received).toHaveLength(4);
  });

  it('refuses an unknown query parameter on /v1/webhook_endpoints as /v1/sales does', async () => {
    const { sandbox } = await setup();
    const client = clientFor(
      sandbox,
      await sandbox.mintKey({ scope: 'sales:read webhooks:write' }),
    );
    const hooks = await client.call('GET', '/v1/webhook_endpoints?colour=red');
    const sales = await client.call('GET', '/v1/sales?colour=red');
    expect(hooks.status).toBe(400);
    expect(hooks.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(hooks.json()).toEqual(sales.json());
    expect(hooks.text).toContain('colour');
  });

  it('enables at most 256 endpoints at once; a deleted one makes room', async () => {
    // One registered already. No rate limit: 257 registrations in a row can outrun the
    // default bucket (200, +100/s) on a fast machine, and this test is about the cap.
    const { client, hooks } = await setup(undefined, { rateLimit: false });
    const ids: string[] = [];
    for (let n = 1; n < MAX_ENABLED_ENDPOINTS; n++) {
      const answer = await client.call('POST', '/v1/webhook_endpoints', { url: hooks.url });
      ids.push(String(answer.json().id));
    }
    const refused = await client.call('POST', '/v1/webhook_endpoints', { url: hooks.url });
    expect(refused.status).toBe(422);
    expect(refused.json().detail).toBe(
      'at most 256 endpoints may be enabled at once; delete one first',
    );
    expect((await client.call('DELETE', `/v1/webhook_endpoints/${ids[0]}`)).status).toBe(204);
    expect((await client.call('POST', '/v1/webhook_endpoints', { url: hooks.url })).status).toBe(
      201,
    );
  });

  it('registers loopback receivers only, and never shows the secret again', async () => {
    const { client } = await setup();
    const outside = await client.call('POST', '/v1/webhook_endpoints', {
      url: 'https://example.com/hooks',
    });
    expect(outside.status).toBe(422);
    expect(outside.json().errors).toEqual([
      { pointer: '/url', detail: 'must be on 127.0.0.1, ::1 or localhost' },
    ]);
    const listed = (await client.call('GET', '/v1/webhook_endpoints')).text;
    expect(listed).not.toContain('whsec_');
  });
});
