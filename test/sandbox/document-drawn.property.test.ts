// Property: a client who reads only the sandbox's OpenAPI document, and sends what it allows,
// gets its sales recorded and read back. Requests are drawn from the document the sandbox
// serves (its JSON Schemas, through test/helpers/json-schema-arbitrary.ts), with the catalog's
// real ids in place of productId, customerId and shopId, as any integrator would. At least
// 99 % must succeed, and any refusal must be a rule the document states about the catalog.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { SEED_SHOPS } from '../../sandbox/seed-data.js';
import {
  arbitraryOf,
  type JsonSchema,
  type Substitutes,
} from '../helpers/json-schema-arbitrary.js';
import { clientFor, saleRequest, sandboxForTest, type Answer } from './helpers.js';

type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject;

/** The document's parameters of one kind (query, header, path) as one object schema. */
function parametersOf(operation: Operation, where: string): JsonSchema {
  const mine = ((operation.parameters ?? []) as Parameter[]).filter((p) => p.in === where);
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(mine.map((p) => [p.name, p.schema as JsonSchema])),
    required: mine.filter((p) => p.required).map((p) => p.name),
  };
}

/** A refusal the document states as a business rule: the catalog has no such thing. */
function isStatedRule(answer: Answer): boolean {
  if (answer.status !== 422) return false;
  const problem = answer.json() as { type: string; errors?: Array<{ detail: string }> };
  if (problem.type.endsWith(':idempotency-key-reused')) return true;
  return (problem.errors ?? []).every((error) => /^no (product|customer|shop) /.test(error.detail));
}

describe('sandbox: what its own document allows is accepted', () => {
  it('at least 99 % of document-drawn sales and reads succeed; refusals are stated rules', async () => {
    const sandbox = await sandboxForTest({
      rateLimit: { capacity: 100_000, refillPerSecond: 100_000 },
    });
    const client = clientFor(sandbox, await sandbox.mintKey({ scope: 'sales:write sales:read' }));
    const served = await (await fetch(`${sandbox.url}/openapi.json`)).json();
    const document = (await SwaggerParser.dereference(served as never)) as OpenAPIV3_1.Document;
    const sales = document.paths!['/v1/sales']!;
    const createSale = sales.post!;
    const catalog = sandbox.catalog();
    const substitutes: Substitutes = {
      productId: fc.constantFrom(...catalog.products.map((product) => product.id)),
      customerId: fc.constantFrom(...catalog.customers.map((customer) => customer.id)),
      shopId: fc.constantFrom(...SEED_SHOPS.map((shop) => shop.id)),
    };
    const bodySchema = (createSale.requestBody as OpenAPIV3_1.RequestBodyObject).content[
      'application/json'
    ]!.schema as JsonSchema;
    const schemas = {
      body: bodySchema,
      headers: parametersOf(createSale, 'header'),
      query: parametersOf(sales.get!, 'query'),
      path: parametersOf(document.paths!['/v1/sales/{id}']!.get!, 'path'),
    };
    const drawn = (schema: JsonSchema) =>
      arbitraryOf(schema, substitutes) as fc.Arbitrary<Record<string, unknown>>;
    // The drawn request itself is checked against the document: the generator must be sound.
    // multipleOf in doubles: 999999.999 / 0.001 is 999999999.0000001, a whole number to
    // within a thousandth of a step (the generator draws exact decimals; this checks it).
    const ajv = new Ajv2020({ strict: false, validateFormats: false, multipleOfPrecision: 3 });
    const valid = {
      body: ajv.compile(schemas.body),
      headers: ajv.compile(schemas.headers),
      query: ajv.compile(schemas.query),
      path: ajv.compile(schemas.path),
    };
    const request = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.record({
          kind: fc.constant('create' as const),
          body: drawn(schemas.body),
          headers: drawn(schemas.headers),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('list' as const), query: drawn(schemas.query) }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('read' as const),
          params: drawn(schemas.path),
          pick: fc.nat(),
        }),
      },
    );

    const seed = Date.now() % 2 ** 31;
    // A sale to read before any drawn one is made.
    const created = [(await client.postSale(saleRequest())).json().id as string];
    const usedKeys = new Set<string>();
    const tally = new Map<string, number>();
    const unstated: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (sent) => {
        let answer: Answer;
        if (sent.kind === 'create') {
          expect(valid.body(sent.body), ajv.errorsText(valid.body.errors)).toBe(true);
          expect(valid.headers(sent.headers), ajv.errorsText(valid.headers.errors)).toBe(true);
          // A client sends each sale with a key of its own: drawn keys that repeat are told
          // apart by a prefix of digits, still within the documented pattern.
          const drawnKey = sent.headers['idempotency-key'] as string | undefined;
          const key =
            drawnKey === undefined ? undefined : `${usedKeys.size}.${drawnKey}`.slice(0, 255);
          if (key !== undefined) usedKeys.add(key);
          const withKey: Record<string, string> =
            key === undefined ? {} : { 'idempotency-key': key };
          expect(valid.headers(withKey), ajv.errorsText(valid.headers.errors)).toBe(true);
          answer = await client.postSale(sent.body, withKey);
          if (answer.status === 201) created.push(answer.json().id as string);
        } else if (sent.kind === 'list') {
          expect(valid.query(sent.query), ajv.errorsText(valid.query.errors)).toBe(true);
          const search = new URLSearchParams(
            Object.entries(sent.query).map(([name, value]): [string, string] => [
              name,
              String(value),
            ]),
          );
          answer = await client.get(`/v1/sales?${search.toString()}`);
        } else {
          expect(valid.path(sent.params), ajv.errorsText(valid.path.errors)).toBe(true);
          // The document's id, but one the sandbox has: a sale made earlier in this run.
          const id = created[sent.pick % created.length]!;
          answer = await client.get(`/v1/sales/${encodeURIComponent(id)}`);
        }
        const outcome = `${sent.kind} ${answer.status}`;
        tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
        if (answer.status >= 300 && !isStatedRule(answer))
          unstated.push(`${outcome}: ${answer.text.slice(0, 300)}`);
      }),
      { numRuns: 300, seed },
    );

    const total = [...tally.values()].reduce((sum, n) => sum + n, 0);
    const succeeded = [...tally.entries()]
      .filter(([outcome]) => /\s2\d\d$/.test(outcome))
      .reduce((sum, [, n]) => sum + n, 0);
    const summary = `seed ${seed}: ${JSON.stringify(Object.fromEntries(tally))}`;
    expect(unstated.slice(0, 5), summary).toEqual([]);
    expect(succeeded / total, summary).toBeGreaterThanOrEqual(0.99);
  });
});
