import { afterEach } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/index.js';
import { expectDocumented } from '../helpers/openapi-contract.js';

const running: Sandbox[] = [];

/** A real sandbox on 127.0.0.1 with a free port, closed after the current test. */
export async function sandboxForTest(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = await startSandbox(options);
  running.push(sandbox);
  return sandbox;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

export const saleRequest = (overrides: Record<string, unknown> = {}) => ({
  items: [
    { productId: 'prod_8Hq2x', quantity: 2, price: 4.5 },
    { productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', quantity: 0.5, price: 7.99 },
  ],
  paymentMethod: 'CASH',
  ...overrides,
});

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => Record<string, unknown>;
}

/** A small HTTP client bound to one sandbox and one key; every answer is checked against the
 * sandbox's OpenAPI document. */
export function clientFor(
  sandbox: Sandbox,
  key?: string,
  /** Only for the fault that breaks the contract on purpose (a 201 cut in half). */
  options: { unchecked?: boolean } = {},
) {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!options.unchecked)
      await expectDocumented(sandbox.url, method, path, {
        status: response.status,
        headers: response.headers,
        text,
      });
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: () => JSON.parse(text) as Record<string, unknown>,
    };
  }
  return {
    call,
    postSale: (body: unknown, headers: Record<string, string> = {}) =>
      call('POST', '/v1/sales', body, headers),
    get: (path: string) => call('GET', path),
  };
}
