import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { clientFor, saleRequest, sandboxForTest } from './helpers.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }
    >
  >;
}

interface FaultedOperation extends OperationShape {
  'x-sandbox-faults': Array<{ setting: string; spec: string; statuses: number[]; answer: string }>;
}

interface OperationShape {
  operationId: string;
  tags?: string[];
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}

describe('sandbox: OpenAPI and Swagger UI', () => {
  it('serves an OpenAPI 3.1 document that validates, generated from the request schemas', async () => {
    const sandbox = await sandboxForTest();
    const response = await fetch(`${sandbox.url}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();

    expect(Object.keys(document.paths).sort()).toEqual([
      '/v1/sales',
      '/v1/sales/{id}',
      '/v1/webhook_endpoints',
      '/v1/webhook_endpoints/{id}',
    ]);
    expect(Object.keys(document.paths['/v1/sales']!).sort()).toEqual(['get', 'post']);
    const dereferenced = (await SwaggerParser.dereference(
      structuredClone(document) as never,
    )) as unknown as OpenApiDocument;
    const body =
      dereferenced.paths['/v1/sales']!.post!.requestBody!.content['application/json']!.schema;
    expect(body).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['items', 'paymentMethod'],
    });
    expect(Object.keys(body.properties as object).sort()).toEqual([
      'customerId',
      'items',
      'paymentMethod',
      'shopId',
    ]);
  });

  it('describes every operation fully: ids, tags, servers, described answers, problems as problem+json', async () => {
    const sandbox = await sandboxForTest();
    const document = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as {
      servers: Array<{ url: string }>;
      tags: Array<{ name: string; description: string }>;
      paths: Record<string, Record<string, OperationShape>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.servers).toEqual([{ url: sandbox.url, description: 'This sandbox' }]);
    expect(document.tags.map((tag) => tag.name)).toEqual(['sales', 'webhooks']);
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.map((operation) => operation.operationId).sort()).toEqual([
      'createSale',
      'createWebhookEndpoint',
      'deleteWebhookEndpoint',
      'getSale',
      'listSales',
      'listWebhookEndpoints',
    ]);
    for (const operation of operations) {
      expect(operation.tags?.length, operation.operationId).toBe(1);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${operation.operationId} ${status}`).not.toMatch(/Default/);
        const types = Object.keys(response.content ?? {});
        if (Number(status) >= 400) expect(types).toContain('application/problem+json');
        if (Number(status) >= 400) expect(types).not.toContain('application/json');
        if (status === '204') expect(types).toEqual([]);
      }
    }
    const createSale = operations.find((operation) => operation.operationId === 'createSale')!;
    expect(Object.keys(createSale.responses).sort()).toEqual(
      ['201', '400', '401', '403', '409', '413', '415', '422', '429', '500', '502', '503'].sort(),
    );
    expect(Object.keys(createSale.responses['502']!.content!)).toContain('text/html');
    // Only components something refers to.
    const text = JSON.stringify(document.paths);
    for (const name of Object.keys(document.components.schemas))
      expect(JSON.stringify(document), name).toContain(`#/components/schemas/${name}`);
    expect(text).toContain('#/components/headers/RateLimit');
    // Swagger UI shows the same document.
    expect(await (await fetch(`${sandbox.url}/docs/json`)).json()).toEqual(document);
  });

  it('lists on each operation the faults that can touch it, and each fault answers only as listed', async () => {
    const sandbox = await sandboxForTest();
    const key = await sandbox.mintKey();
    const document = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, FaultedOperation>>;
    };
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    for (const operation of operations)
      expect(operation['x-sandbox-faults'].map((fault) => fault.setting)).toContain('outage');
    const createSale = operations.find((operation) => operation.operationId === 'createSale')!;
    const faults = createSale['x-sandbox-faults'];
    expect(faults.map((fault) => fault.setting).sort()).toEqual(
      [
        'commitThenDrop',
        'failBeforeStore',
        'htmlError',
        'latencyMs',
        'malformedSuccess',
        'outage',
        'throttle',
      ].sort(),
    );
    // Every fraction fault, set to always: its answers are the statuses listed for it, each
    // declared, with a description that names the fault.
    for (const fault of faults.filter((listed) => listed.spec.endsWith('=<fraction>'))) {
      await sandbox.faults.set({ [fault.setting]: 1, seed: 11 });
      const stored = sandbox.countSales();
      const client = clientFor(sandbox, key, { unchecked: fault.setting === 'malformedSuccess' });
      const seen = new Set<number | string>();
      for (let i = 0; i < 6; i++)
        seen.add(
          await client.postSale(saleRequest()).then(
            (answer) => answer.status,
            () => 'no answer',
          ),
        );
      const expected = fault.statuses.length ? fault.statuses : ['no answer'];
      expect([...seen].every((status) => expected.includes(status as never))).toBe(true);
      for (const status of fault.statuses)
        expect(createSale.responses[status]!.description).toContain(fault.spec);
      // Only the faults said to store (201, or no answer) do.
      const stores = fault.statuses.length === 0 || fault.statuses.includes(201);
      expect(sandbox.countSales() > stored, fault.setting).toBe(stores);
      expect(fault.answer.includes('nothing is stored'), fault.setting).toBe(!stores);
    }
    // A malformed 201 is the one answer the schema cannot describe: its description does.
    expect(createSale.responses['201']!.description).toMatch(/malformed=.*not valid JSON/);
  });

  it('serves Swagger UI at /docs from its own files, with nothing loaded from the internet', async () => {
    const sandbox = await sandboxForTest();
    const page = await fetch(`${sandbox.url}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((asset) => /^https?:/.test(asset))).toEqual([]);
    const bundle = assets.find((asset) => asset.includes('swagger-ui-bundle.js'))!;
    const script = await fetch(new URL(bundle, `${sandbox.url}/docs/`));
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });
});
