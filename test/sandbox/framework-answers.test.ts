// What Fastify refuses by itself (a URL that does not decode, a path parameter over the
// limit, a body it cannot read, a method a path does not take) reaches every operation of
// the served document as a problem with a status that operation declares.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_ID_LENGTH } from '../../sandbox/http/limits.js';
import type { Sandbox } from '../../sandbox/index.js';
import { expectDocumented } from '../helpers/openapi-contract.js';
import { sandboxForTest } from './helpers.js';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

interface ProblemBody {
  status: number;
  title: string;
  detail: string;
  errors?: Array<{ pointer: string; detail: string }>;
}

const problemOf = (answer: Answer) => JSON.parse(answer.text) as ProblemBody;

/** A request as sent on the wire: any method, any path, any body (GET and DELETE too). */
function send(
  sandbox: Sandbox,
  key: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${sandbox.url}${path}`,
      {
        agent: false,
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (typeof value === 'string') answer.set(name, value);
          resolve({ status: response.statusCode!, headers: answer, text });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

interface Operation {
  path: string;
  method: string;
  operationId: string;
  parameters?: Array<{ in: string; schema: { maxLength?: number } }>;
}

async function operationsOf(sandbox: Sandbox): Promise<Operation[]> {
  const document = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Omit<Operation, 'path' | 'method'>>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      ...operation,
      path,
      method: method.toUpperCase(),
    })),
  );
}

/** The operation's path with `id` for each of its parameters. */
const pathWith = (path: string, id: string) => path.replace(/\{[^}]+\}/g, id);

async function setup() {
  const sandbox = await sandboxForTest();
  const key = await sandbox.mintKey({ scope: 'sales:write sales:read webhooks:write' });
  /** Sends, checks the answer against the document, and expects a problem when refused. */
  async function expectDeclared(
    method: string,
    path: string,
    body?: string,
    headers?: Record<string, string>,
  ): Promise<Answer> {
    const answer = await send(sandbox, key, method, path, body, headers);
    await expectDocumented(sandbox.url, method, path, answer);
    if (answer.status >= 400)
      expect(answer.headers.get('content-type'), `${method} ${path}`).toMatch(
        /^application\/problem\+json/,
      );
    return answer;
  }
  return { sandbox, key, operations: await operationsOf(sandbox), expectDeclared };
}

describe('sandbox: Fastify refusals are declared problems', () => {
  it('answers a path parameter that does not decode 400, and one over the id limit 414', async () => {
    const { operations, expectDeclared } = await setup();
    const withParameters = operations.filter((operation) => operation.path.includes('{'));
    expect(withParameters.map((operation) => operation.operationId).sort()).toEqual([
      'deleteWebhookEndpoint',
      'getSale',
    ]);
    for (const { path, method, parameters = [] } of withParameters) {
      const badUrl = await expectDeclared(method, pathWith(path, '%zz'));
      expect(badUrl.status).toBe(400);
      expect(problemOf(badUrl).detail).toMatch(/URL/);
      // The router's limit and the document's maxLength are one: the longest id the
      // document allows reaches the handler (404), one more character is 414.
      const documented = parameters.find((parameter) => parameter.in === 'path')?.schema;
      const limit = Number(documented?.maxLength);
      expect(limit, `${method} ${path} states its id's length`).toBe(MAX_ID_LENGTH);
      const longest = await expectDeclared(method, pathWith(path, 'a'.repeat(limit)));
      expect(longest.status, `${method} ${path}`).toBe(404);
      const tooLong = await expectDeclared(method, pathWith(path, 'a'.repeat(limit + 1)));
      expect(tooLong.status).toBe(414);
      expect(problemOf(tooLong)).toMatchObject({ status: 414, title: 'URI Too Long' });
    }
  });

  it('declares every answer to a body Fastify cannot read, on every operation', async () => {
    const { sandbox, operations, expectDeclared } = await setup();
    const json = { 'content-type': 'application/json' };
    for (const { path, method } of operations) {
      const target = pathWith(path, 'x_1');
      const reads = method !== 'GET';
      const text = await expectDeclared(method, target, 'a sale', { 'content-type': 'text/plain' });
      const broken = await expectDeclared(method, target, '{"items": [', json);
      const empty = await expectDeclared(method, target, '', json);
      const huge = await expectDeclared(method, target, `"${'x'.repeat(300 * 1024)}"`, json);
      if (!reads) continue; // GET has no body: Fastify never reads one
      expect([text, broken, empty, huge].map((answer) => answer.status)).toEqual([
        415, 400, 400, 413,
      ]);
      expect(problemOf(broken).detail).toBe('The body is not valid JSON');
    }
    expect(sandbox.countSales()).toBe(0);
  });

  it('refuses HEAD and every method a path does not list with 405 and Allow, before reading the body', async () => {
    const { sandbox, key, operations } = await setup();
    for (const path of new Set(operations.map((operation) => operation.path))) {
      const listed = operations.filter((operation) => operation.path === path);
      const allow = listed.map((operation) => operation.method).sort();
      for (const method of ['HEAD', 'PUT', 'PATCH', 'OPTIONS', 'POST', 'DELETE', 'GET']) {
        if (allow.includes(method)) continue;
        // A broken body must not turn the 405 into a 400.
        const body = method === 'HEAD' ? undefined : '{';
        const answer = await send(sandbox, key, method, pathWith(path, 'x_1'), body, {
          'content-type': 'application/json',
        });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get('allow')).toBe(allow.join(', '));
        expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }
    }
    const document = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as {
      info: { description: string };
    };
    expect(document.info.description).toMatch(/HEAD included\) is answered 405/);
  });

  it('takes a "__proto__" or "constructor" key as an unknown field: 422 naming it, nothing stored', async () => {
    const { sandbox, operations, expectDeclared } = await setup();
    const json = { 'content-type': 'application/json' };
    const sale =
      '{"__proto__": {"polluted": true}, "paymentMethod": "CASH", "items": [' +
      '{"productId": "prod_8Hq2x", "quantity": 1, "price": 4.5, "constructor": {"prototype": {"polluted": true}}}]}';
    const answer = await expectDeclared('POST', '/v1/sales', sale, json);
    expect(answer.status).toBe(422);
    expect(
      problemOf(answer)
        .errors!.map((error) => error.pointer)
        .sort(),
    ).toEqual(['/__proto__', '/items/0/constructor']);
    expect(sandbox.countSales()).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The same for every operation that takes a body.
    for (const { path, method } of operations.filter((operation) => operation.method === 'POST')) {
      const other = await expectDeclared(method, path, '{"__proto__": {"a": 1}}', json);
      expect(other.status).toBe(422);
      expect(problemOf(other).errors).toContainEqual({
        pointer: '/__proto__',
        detail: 'is not a known field',
      });
    }
  });
});
