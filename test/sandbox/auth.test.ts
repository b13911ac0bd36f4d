import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_AUDIENCE, KEY_ISSUER } from '../../sandbox/auth/keys.js';
import type { Sandbox } from '../../sandbox/index.js';
import { tempDir } from '../helpers/temp-dir.js';
import { clientFor, saleRequest, sandboxForTest } from './helpers.js';

function secretOf(sandbox: Sandbox): Uint8Array {
  const raw = new Database(sandbox.dbFile, { readonly: true });
  const row = raw.prepare(`select value from meta where key = 'signing_secret'`).get() as {
    value: string;
  };
  raw.close();
  return Buffer.from(row.value, 'base64');
}

const forge = (secret: Uint8Array, alg: string, claims: { aud?: string; exp?: number } = {}) =>
  new SignJWT({ scope: 'sales:write' })
    .setProtectedHeader({ alg })
    .setIssuer(KEY_ISSUER)
    .setAudience(claims.aud ?? KEY_AUDIENCE)
    .setSubject('till_forged')
    .setJti('forged')
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(secret);

async function expectInvalidToken(
  sandbox: Sandbox,
  key: string,
  description: RegExp,
  salesBefore = 0,
) {
  const answer = await clientFor(sandbox, key).postSale(saleRequest());
  expect(answer.status).toBe(401);
  const challenge = answer.headers.get('www-authenticate') ?? '';
  expect(challenge).toMatch(
    /^Bearer realm="tillsync-sandbox", error="invalid_token", error_description="/,
  );
  expect(challenge).toMatch(description);
  expect(answer.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
  expect(sandbox.countSales()).toBe(salesBefore);
}

describe('sandbox: keys (RFC 6750)', () => {
  it('asks for a key, without an error code, when none is sent', async () => {
    const sandbox = await sandboxForTest();
    const answer = await clientFor(sandbox).postSale(saleRequest());
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="tillsync-sandbox"');
  });

  it('refuses malformed, expired, forged, wrong-audience and wrong-algorithm keys with invalid_token', async () => {
    const sandbox = await sandboxForTest();
    const secret = secretOf(sandbox);
    await expectInvalidToken(sandbox, 'not-a-jwt', /malformed/);
    await expectInvalidToken(
      sandbox,
      await sandbox.mintKey({ ttlSeconds: 1 }).then(async (key) => {
        await new Promise((resolve) => setTimeout(resolve, 2100));
        return key;
      }),
      /expired/,
    );
    const other = await sandboxForTest();
    await expectInvalidToken(sandbox, await other.mintKey(), /signature/);
    await expectInvalidToken(
      sandbox,
      await forge(secret, 'HS256', { aud: 'someone-else' }),
      /audience/,
    );
    await expectInvalidToken(sandbox, await forge(secret, 'HS512'), /algorithm/);
  });

  it('answers per RFC 6750: no error code without bearer credentials, invalid_request for a malformed one', async () => {
    const sandbox = await sandboxForTest();
    const post = (authorization: string) =>
      clientFor(sandbox).postSale(saleRequest(), { authorization });
    for (const other of ['Basic dXNlcjpwYXNz', 'Token abc']) {
      const answer = await post(other);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="tillsync-sandbox"');
    }
    for (const malformed of ['Bearer', 'Bearer ', 'Bearer a b']) {
      const answer = await post(malformed);
      expect(answer.status, malformed).toBe(400);
      expect(answer.headers.get('www-authenticate')).toMatch(
        /^Bearer realm="tillsync-sandbox", error="invalid_request"/,
      );
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect(sandbox.countSales()).toBe(0);
  });

  it('refuses a key without the needed scope with 403 insufficient_scope', async () => {
    const sandbox = await sandboxForTest();
    const readOnly = clientFor(sandbox, await sandbox.mintKey({ scope: 'sales:read' }));
    const answer = await readOnly.postSale(saleRequest());
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toBe(
      'Bearer realm="tillsync-sandbox", error="insufficient_scope", scope="sales:write"',
    );
    const writeOnly = clientFor(sandbox, await sandbox.mintKey({ scope: 'sales:write' }));
    expect((await writeOnly.get('/v1/sales')).status).toBe(403);
  });

  it('limits a key to its shops: 403 for another shop, its own shop by default', async () => {
    const sandbox = await sandboxForTest();
    const client = clientFor(
      sandbox,
      await sandbox.mintKey({ scope: 'sales:write sales:read', shops: ['shop_market'] }),
    );
    const elsewhere = await client.postSale(saleRequest({ shopId: 'shop_downtown' }));
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json().type).toBe('urn:tillsync:sandbox:problem:forbidden-shop');
    const own = await client.postSale(saleRequest());
    expect(own.json().shopId).toBe('shop_market');
    expect(sandbox.countSales()).toBe(1);
  });

  it('refuses a revoked key from the next request on', async () => {
    const sandbox = await sandboxForTest();
    const key = await sandbox.mintKey();
    expect((await clientFor(sandbox, key).postSale(saleRequest())).status).toBe(201);
    expect(await sandbox.revokeKey(key)).toBe(true);
    await expectInvalidToken(sandbox, key, /revoked/, 1);
    expect(await sandbox.revokeKey('not-a-key')).toBe(false);
  });

  it('keeps keys valid across a restart of the same sandbox file', async () => {
    const dbFile = join(tempDir(), 'sandbox.db');
    const first = await sandboxForTest({ dbFile });
    const key = await first.mintKey();
    await first.close();
    const again = await sandboxForTest({ dbFile });
    expect((await clientFor(again, key).postSale(saleRequest())).status).toBe(201);
  });

  it('rate-limits each key with a token bucket: 429, Retry-After and RateLimit headers', async () => {
    const sandbox = await sandboxForTest({ rateLimit: { capacity: 3, refillPerSecond: 1 } });
    const client = clientFor(sandbox, await sandbox.mintKey());
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await client.postSale(saleRequest()));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 429]);
    // The current IETF draft's fields, and the older draft's alongside.
    expect(answers[0]!.headers.get('ratelimit-policy')).toBe('"per-key";q=3;w=3');
    expect(answers[0]!.headers.get('ratelimit')).toBe('"per-key";r=2;t=1');
    // t: until more quota is available (the draft's meaning), one token at 1/s.
    expect(answers[2]!.headers.get('ratelimit')).toBe('"per-key";r=0;t=1');
    expect(answers[3]!.headers.get('ratelimit')).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(answers[0]!.headers.get('ratelimit-limit')).toBe('3');
    expect(answers[2]!.headers.get('ratelimit-remaining')).toBe('0');
    const limited = answers[3]!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.json().type).toBe('urn:tillsync:sandbox:problem:rate-limited');
    // Another key has its own bucket.
    expect((await clientFor(sandbox, await sandbox.mintKey()).postSale(saleRequest())).status).toBe(
      201,
    );
    expect(sandbox.countSales()).toBe(4);
  });
});
