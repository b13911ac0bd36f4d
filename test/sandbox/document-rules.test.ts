// The rules a request must meet are in the sandbox's OpenAPI document, as the server
// enforces them: decimals, counts, lengths, the Idempotency-Key, the body size, whole
// numbers in a query. Each is read from the served document and tried at its edge.
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { MAX_ID_LENGTH } from '../../sandbox/http/limits.js';
import { clientFor, saleRequest, sandboxForTest } from './helpers.js';

type Schema = OpenAPIV3_1.SchemaObject;

async function setup() {
  const sandbox = await sandboxForTest();
  const client = clientFor(sandbox, await sandbox.mintKey());
  const document = (await (
    await fetch(`${sandbox.url}/openapi.json`)
  ).json()) as OpenAPIV3_1.Document;
  const parameter = (path: string, method: 'get' | 'post', name: string) =>
    ((document.paths![path]![method]!.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).find(
      (p) => p.name === name,
    )!.schema as Schema;
  const saleSchema = document.components!.schemas!.SaleRequestInput!;
  const item = (saleSchema.properties!.items as OpenAPIV3_1.ArraySchemaObject).items as Schema;
  return { sandbox, client, document, parameter, saleSchema, item };
}

describe('sandbox: the document states every rule of a request', () => {
  it('states decimals of quantity and price and the item count, and takes the largest sale', async () => {
    const { sandbox, client, saleSchema, item } = await setup();
    const quantity = item.properties!.quantity as Schema;
    const price = item.properties!.price as Schema;
    expect(quantity.multipleOf).toBe(0.001);
    expect(price.multipleOf).toBe(0.01);
    expect(price.description).toContain('USD: 2');
    const maxItems = (saleSchema.properties!.items as Schema).maxItems!;
    expect(maxItems).toBe(500);

    // The most the document allows, on every line: recorded, with its exact total.
    const line = { productId: 'prod_8Hq2x', quantity: quantity.maximum!, price: price.maximum! };
    const largest = await client.postSale({
      items: Array.from({ length: maxItems }, () => line),
      paymentMethod: 'CASH',
    });
    expect(largest.status).toBe(201);
    expect(largest.json().total).toBe(maxItems * quantity.maximum! * price.maximum!);

    const finer = await client.postSale(
      saleRequest({ items: [{ productId: 'prod_8Hq2x', quantity: 1.0001, price: 4.351 }] }),
    );
    expect(finer.status).toBe(422);
    expect(finer.json().errors).toEqual([
      { pointer: '/items/0/quantity', detail: 'must have at most 3 decimal places' },
      { pointer: '/items/0/price', detail: 'has more decimal places than USD allows (2)' },
    ]);
    const tooMany = await client.postSale({
      items: Array.from({ length: maxItems + 1 }, () => line),
      paymentMethod: 'CASH',
    });
    expect(tooMany.json().errors).toEqual([
      { pointer: '/items', detail: 'must contain at most 500 items' },
    ]);
    expect(sandbox.countSales()).toBe(1);
  });

  it('states the Idempotency-Key, and refuses another with 400 naming the header', async () => {
    const { sandbox, client, parameter } = await setup();
    const key = parameter('/v1/sales', 'post', 'idempotency-key');
    expect(key).toMatchObject({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' });

    const longest = '~'.repeat(key.maxLength!);
    expect((await client.postSale(saleRequest(), { 'idempotency-key': longest })).status).toBe(201);
    for (const bad of ['x'.repeat(key.maxLength! + 1), 'has space', 'caf\u00e9']) {
      // The body is bad too: a malformed header is answered first, as before.
      const answer = await client.postSale({ items: [] }, { 'idempotency-key': bad });
      expect(answer.status).toBe(400);
      expect(answer.json()).toMatchObject({
        detail: 'Header idempotency-key must be 1 to 255 visible ASCII characters',
        errors: [
          { pointer: '/idempotency-key', detail: 'must be 1 to 255 visible ASCII characters' },
        ],
      });
    }
    expect(sandbox.countSales()).toBe(1);
  });

  it('states the body limit and the path id length that the server enforces', async () => {
    const { client, document, parameter } = await setup();
    const createSale = document.paths!['/v1/sales']!.post! as Record<string, unknown>;
    const limit = createSale['x-body-limit-bytes'] as number;
    expect(limit).toBe(256 * 1024);
    expect(createSale.description).toContain(`at most ${limit} bytes`);
    const body = JSON.stringify(saleRequest({ shopId: 'shop_downtown' }));
    const padded = body.slice(0, -1) + ' '.repeat(limit - body.length) + '}';
    expect((await client.postSale(padded)).status).toBe(201);
    expect((await client.postSale(padded.replace('{', '{ '))).status).toBe(413);

    const id = parameter('/v1/sales/{id}', 'get', 'id');
    expect(id.maxLength).toBe(MAX_ID_LENGTH);
    const longest = await client.get(`/v1/sales/sale_${'x'.repeat(id.maxLength! - 5)}`);
    expect(longest.status).toBe(404);
  });

  it('takes only plain decimal digits for a whole number in a query, naming the parameter', async () => {
    const { client, parameter } = await setup();
    const limit = parameter('/v1/sales', 'get', 'limit');
    expect(limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 500, default: 100 });
    expect(limit.pattern).toBe('^[0-9]+$');

    expect((await client.postSale(saleRequest())).status).toBe(201);
    for (const good of ['1', '007', '500']) {
      const answer = await client.get(`/v1/sales?limit=${good}`);
      expect(answer.status, good).toBe(200);
      expect((answer.json().data as unknown[]).length).toBe(1);
    }
    for (const bad of ['1e2', '0x10', '%2B5', '5.0', '-1', '', '%205']) {
      const answer = await client.get(`/v1/sales?limit=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.json(), bad).toMatchObject({
        detail: 'Query parameter limit must be a whole number written in digits 0-9, from 1 to 500',
        errors: [{ pointer: '/limit' }],
      });
    }
    const tooBig = await client.get('/v1/sales?limit=501');
    expect(tooBig.json()).toMatchObject({ detail: 'Query parameter limit must be at most 500' });
  });
});
