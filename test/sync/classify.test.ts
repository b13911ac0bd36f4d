import { describe, expect, it } from 'vitest';
import { fullJitterDelay } from '../../main/sync/backoff.js';
import { classify, type Answer } from '../../main/sync/classify.js';
import { readableReason } from '../../main/sync/error-body.js';
import { parseRetryAfter } from '../../main/sync/retry-after.js';
import { saleRequestBody } from '../../main/sync/sale-request.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const response = (status: number, body = '', headers: Record<string, string> = {}): Answer => ({
  kind: 'response',
  status,
  headers: new Headers(headers),
  body,
});
const kindOf = (answer: Answer) =>
  classify(answer as Exclude<Answer, { kind: 'aborted' }>, NOW, 600_000).kind;

describe('the classification table', () => {
  it('treats every 2xx as synced, keeping the remote id when the body has one', () => {
    for (const status of [200, 201, 202, 204]) expect(kindOf(response(status))).toBe('synced');
    expect(
      classify(
        { kind: 'response', status: 201, headers: new Headers(), body: '{"id":"sale_1"}' },
        NOW,
        0,
      ),
    ).toEqual({
      kind: 'synced',
      platformId: 'sale_1',
      platformAnswer: '{"id":"sale_1"}',
    });
    expect(
      classify({ kind: 'response', status: 201, headers: new Headers(), body: '{"id": 7' }, NOW, 0),
    ).toMatchObject({
      kind: 'synced',
      platformId: null,
    });
  });

  it('retries network failures, timeouts, 408, 409, 425, 429, 500, 502, 503 and 504 with the same key', () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504])
      expect(kindOf(response(status))).toBe('retry');
    expect(
      classify({ kind: 'network', code: 'ECONNREFUSED', message: 'refused', sent: false }, NOW, 0),
    ).toMatchObject({ kind: 'retry', code: 'network_ECONNREFUSED', unreachable: true });
    expect(
      classify({ kind: 'network', code: 'ECONNRESET', message: 'reset', sent: true }, NOW, 0),
    ).toMatchObject({ kind: 'retry', unreachable: false });
    expect(classify({ kind: 'timeout', sent: false }, NOW, 0)).toMatchObject({
      kind: 'retry',
      code: 'timeout',
      unreachable: true,
    });
  });

  it('pauses the queue on 401 and 403', () => {
    expect(kindOf(response(401))).toBe('paused');
    expect(kindOf(response(403))).toBe('paused');
  });

  it('parks other 4xx as refusedSales', () => {
    for (const status of [400, 404, 410, 413, 415, 422, 451])
      expect(kindOf(response(status))).toBe('refused');
  });

  it('calls anything else unexpected: retried, then parked after a bounded number of attempts', () => {
    for (const status of [100, 302, 304, 501, 505, 507, 599, 600])
      expect(kindOf(response(status))).toBe('unexpected');
  });

  it('carries Retry-After on retries', () => {
    expect(
      classify(response(429, '', { 'retry-after': '7' }) as never, NOW, 600_000),
    ).toMatchObject({ retryAfterMs: 7000 });
  });
});

describe('reading error bodies', () => {
  it('reads RFC 9457 problems with their field pointers', () => {
    const body = JSON.stringify({
      type: 'urn:x',
      title: 'Unprocessable Content',
      status: 422,
      detail: 'The sale is not valid',
      errors: [{ pointer: '/items/0/productId', detail: 'no product prod_x' }],
    });
    expect(readableReason(422, 'application/problem+json', body)).toBe(
      'HTTP 422: The sale is not valid (/items/0/productId: no product prod_x)',
    );
  });

  it('reads other JSON: message, error (text or object), code, errors lists', () => {
    expect(readableReason(400, 'application/json', '{"message":"Bad product"}')).toBe(
      'HTTP 400: Bad product',
    );
    expect(readableReason(400, 'application/json', '{"error":"invalid_request"}')).toBe(
      'HTTP 400: invalid_request',
    );
    expect(
      readableReason(400, 'application/json', '{"error":{"message":"Nope","code":"E1"}}'),
    ).toBe('HTTP 400: Nope');
    expect(readableReason(400, 'application/json', '{"code":"SALE_LOCKED"}')).toBe(
      'HTTP 400: SALE_LOCKED',
    );
    expect(
      readableReason(400, 'application/json', '{"errors":[{"field":"price","message":"too low"}]}'),
    ).toBe('HTTP 400: (price: too low)');
  });

  it('reads plain text, proxy HTML pages, and says when there was nothing', () => {
    expect(readableReason(404, 'text/plain', '  Not   here \n')).toBe('HTTP 404: Not here');
    expect(
      readableReason(
        502,
        'text/html',
        '<html><head><title>502 Bad Gateway</title></head><body>x</body></html>',
      ),
    ).toBe('HTTP 502: 502 Bad Gateway');
    expect(
      readableReason(
        503,
        'text/html',
        '<html><body><script>x()</script><h1>Down for maintenance</h1></body></html>',
      ),
    ).toBe('HTTP 503: Down for maintenance');
    expect(readableReason(400, null, '')).toBe('HTTP 400: the platform gave no explanation');
    expect(readableReason(400, 'application/json', '{broken')).toBe(
      'HTTP 400: the platform gave no explanation',
    );
  });

  it('keeps reasons short', () => {
    expect(readableReason(400, 'text/plain', 'x'.repeat(10_000)).length).toBeLessThanOrEqual(300);
  });
});

describe('Retry-After and backoff', () => {
  it('reads seconds and HTTP dates, caps them, and ignores garbage', () => {
    expect(parseRetryAfter('2', NOW, 600_000)).toBe(2000);
    expect(parseRetryAfter(new Date(NOW + 30_000).toUTCString(), NOW, 600_000)).toBe(30_000);
    expect(parseRetryAfter(new Date(NOW - 30_000).toUTCString(), NOW, 600_000)).toBe(0);
    expect(parseRetryAfter('86400', NOW, 600_000)).toBe(600_000);
    for (const garbage of [null, '', 'soon', '-5', '1.5', 'Tue, 99 Foo 2026'])
      expect(parseRetryAfter(garbage, NOW, 600_000)).toBeUndefined();
  });

  it('waits a random time up to min(cap, base × 2^(n-1)): full jitter', () => {
    expect(fullJitterDelay(1, 1000, 300_000, () => 0.999)).toBe(999);
    expect(fullJitterDelay(4, 1000, 300_000, () => 0.5)).toBe(4000);
    expect(fullJitterDelay(30, 1000, 300_000, () => 0.999)).toBe(299_700);
    expect(fullJitterDelay(3, 1000, 300_000, () => 0)).toBe(0);
    const samples = Array.from({ length: 500 }, () => fullJitterDelay(5, 100, 10_000));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...samples)).toBeLessThan(1600);
    expect(new Set(samples).size).toBeGreaterThan(100);
  });
});

describe('the request body', () => {
  const sale = {
    saleId: 's1',
    idempotencyKey: 'k1',
    revision: 1,
    attempts: 0,
    createdAt: NOW,
    shopId: null,
    customerId: null,
    paymentMethod: 'CASH',
    currency: 'USD',
    items: [
      { productId: 'prod_1', quantityMilli: 1500, unitPriceMinor: 29, chargedLineTotalMinor: 44 },
      {
        productId: 'prod_2',
        quantityMilli: 1000,
        unitPriceMinor: 100000,
        chargedLineTotalMinor: 100000,
      },
    ],
  };

  it('has exactly the documented fields, numbers converted exactly from minor units', () => {
    expect(JSON.stringify(saleRequestBody(sale))).toBe(
      '{"items":[{"productId":"prod_1","quantity":1.5,"price":0.29},{"productId":"prod_2","quantity":1,"price":1000}],"paymentMethod":"CASH"}',
    );
  });

  it('sends shopId only when known and customerId only when the sale has one', () => {
    expect(saleRequestBody(sale, 'shop_conf')).toMatchObject({ shopId: 'shop_conf' });
    expect(
      saleRequestBody({ ...sale, shopId: 'shop_sale', customerId: 'cus_1' }, 'shop_conf'),
    ).toMatchObject({
      shopId: 'shop_sale',
      customerId: 'cus_1',
    });
  });

  it('says a network failure in words a cashier reads, and keeps the system code in the error code', () => {
    const said = (code: string) =>
      classify({ kind: 'network', code, message: 'socket hang up', sent: true }, NOW, 0);
    expect(said('ECONNRESET')).toMatchObject({
      code: 'network_ECONNRESET',
      reason: 'The connection was cut',
    });
    expect(said('ECONNREFUSED')).toMatchObject({ reason: 'The platform refused the connection' });
    expect(said('ENOTFOUND')).toMatchObject({
      reason: "The platform's address could not be found",
    });
    expect(said('ETIMEDOUT')).toMatchObject({ reason: 'No answer in time' });
    expect(said('EWHATEVER')).toMatchObject({
      code: 'network_EWHATEVER',
      reason: 'The connection to the platform failed',
    });
    for (const code of ['ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EWHATEVER']) {
      const verdict = said(code);
      expect(verdict.kind === 'retry' && verdict.reason).not.toMatch(/[A-Z]{4,}|hang up/);
    }
  });
});
