// Property: whatever a client sends (any credential, body, content type, key, path id),
// every answer is one the OpenAPI document describes: its status for the operation, its
// content type, its body's schema. The shared helper throws on anything else.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { clientFor, saleRequest, sandboxForTest } from './helpers.js';

describe('sandbox: every answer matches the published contract', () => {
  it('for random requests to every operation', async () => {
    const sandbox = await sandboxForTest({
      faults: 'fail5xx=0.1,throttle=0.1,html=0.05,seed=11',
      rateLimit: { capacity: 40, refillPerSecond: 20 },
    });
    const keys = {
      full: await sandbox.mintKey({ scope: 'sales:write sales:read webhooks:write' }),
      readOnly: await sandbox.mintKey({ scope: 'sales:read' }),
      otherShop: await sandbox.mintKey({ shops: ['shop_market'] }),
    };
    const authorization = fc.constantFrom(
      `Bearer ${keys.full}`,
      `Bearer ${keys.readOnly}`,
      `Bearer ${keys.otherShop}`,
      'Bearer not-a-key',
      'Bearer',
      'Basic dXNlcjpwYXNz',
      '',
    );
    const body = fc.oneof(
      fc.constant(saleRequest()),
      fc.record({
        items: fc.array(
          fc.record({
            productId: fc.constantFrom('prod_8Hq2x', 'prod_nope', ''),
            quantity: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double({ noNaN: true })),
            price: fc.constantFrom(1.5, 1.234, -1, 0),
          }),
          { maxLength: 3 },
        ),
        paymentMethod: fc.constantFrom('CASH', 'BARTER'),
      }),
      fc.json(),
      fc.constant('{"items": ['),
    );
    const request = fc.record({
      operation: fc.constantFrom(
        'POST /v1/sales',
        'GET /v1/sales',
        'GET /v1/sales/sale_missing',
        'GET /v1/sales?limit=0',
        'POST /v1/webhook_endpoints',
        'GET /v1/webhook_endpoints',
        'DELETE /v1/webhook_endpoints/whe_missing',
      ),
      authorization,
      body,
      contentType: fc.constantFrom('application/json', 'text/plain'),
      // fetch refuses control characters in headers itself: a bad key here has a space.
      idempotencyKey: fc.option(fc.constantFrom('k1', 'k2', 'bad key'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(request, async (sent) => {
        const [method, path] = sent.operation.split(' ') as [string, string];
        const headers: Record<string, string> = {};
        if (sent.authorization) headers.authorization = sent.authorization;
        if (sent.idempotencyKey) headers['idempotency-key'] = sent.idempotencyKey;
        const withBody = method === 'POST';
        if (withBody) headers['content-type'] = sent.contentType;
        // clientFor checks the answer against the document and throws when it does not match.
        await clientFor(sandbox).call(method, path, withBody ? sent.body : undefined, headers);
      }),
      { numRuns: 150 },
    );
  });
});
