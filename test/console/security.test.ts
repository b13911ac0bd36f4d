import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consoleForTest, login, raw } from './helpers.js';

const tokenOf = (loginUrl: string) => new URL(loginUrl).searchParams.get('token')!;
const json = { 'content-type': 'application/json' };

describe('the loopback console', () => {
  it('listens on 127.0.0.1 only, with its token in a file only this user can read', async () => {
    const { server } = await consoleForTest();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(statSync(server.tokenFile).mode & 0o777).toBe(0o600);
    expect(server.loginUrl).toBe(`${server.url}/login?token=${tokenOf(server.loginUrl)}`);
  });

  it('refuses pages and calls without the token, or with a wrong one', async () => {
    const { server } = await consoleForTest();
    expect((await raw(server.port, '/')).status).toBe(401);
    expect(
      (await raw(server.port, '/api/getStatus', { method: 'POST', headers: json, body: '{}' }))
        .status,
    ).toBe(401);
    expect((await raw(server.port, '/login?token=wrong')).status).toBe(401);
    const wrongBearer = await raw(server.port, '/api/getStatus', {
      method: 'POST',
      headers: { ...json, authorization: 'Bearer nope' },
      body: '{}',
    });
    expect(wrongBearer.status).toBe(401);
    expect(
      (await raw(server.port, '/', { headers: { cookie: 'tillsync_session=nope' } })).status,
    ).toBe(401);
  });

  it('turns the login link into an HttpOnly, SameSite=Strict cookie and serves the UI with a strict CSP', async () => {
    const { server } = await consoleForTest();
    const answer = await raw(server.port, `/login?token=${tokenOf(server.loginUrl)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/');
    expect(String(answer.headers['set-cookie'])).toMatch(
      /^tillsync_session=[^;]+; HttpOnly; SameSite=Strict; Path=\/$/,
    );
    const cookie = await login(server.port, tokenOf(server.loginUrl));
    const page = await raw(server.port, '/', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="app">');
    expect(page.headers['content-security-policy']).toMatch(
      /default-src 'self'; script-src 'self'/,
    );
    expect(page.headers['x-frame-options']).toBe('DENY');
    const api = await raw(server.port, '/api/getStatus', {
      method: 'POST',
      headers: { ...json, cookie },
      body: '{}',
    });
    expect(JSON.parse(api.body)).toMatchObject({ ok: true, value: { mode: 'sandbox' } });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('refuses a foreign Host (DNS rebinding) even with a valid session', async () => {
    const { server } = await consoleForTest();
    const cookie = await login(server.port, tokenOf(server.loginUrl));
    for (const host of [
      'evil.example',
      `evil.example:${server.port}`,
      `127.0.0.1:${server.port + 1}`,
    ]) {
      const answer = await raw(server.port, '/api/getStatus', {
        method: 'POST',
        headers: { ...json, cookie, host },
        body: '{}',
      });
      expect(answer.status).toBe(421);
    }
    expect(
      (await raw(server.port, '/', { headers: { cookie, host: `localhost:${server.port}` } }))
        .status,
    ).toBe(200);
  });

  it('refuses calls from another origin (CSRF) and anything but JSON', async () => {
    const { server } = await consoleForTest();
    const cookie = await login(server.port, tokenOf(server.loginUrl));
    const body = JSON.stringify({
      items: [{ productId: 'prod_8Hq2x', quantity: 1, price: 4.5 }],
      paymentMethod: 'CASH',
    });
    const foreign = await raw(server.port, '/api/recordSale', {
      method: 'POST',
      headers: { ...json, cookie, origin: 'https://evil.example' },
      body,
    });
    expect(foreign.status).toBe(403);
    const form = await raw(server.port, '/api/recordSale', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'items=1',
    });
    expect(form.status).toBe(415);
    const own = await raw(server.port, '/api/recordSale', {
      method: 'POST',
      headers: { ...json, cookie, origin: server.url },
      body,
    });
    expect(JSON.parse(own.body)).toMatchObject({ ok: true, value: { receiptNumber: 1 } });
  });

  it('says that starting at login belongs to the desktop app', async () => {
    const { server } = await consoleForTest();
    const cookie = await login(server.port, tokenOf(server.loginUrl));
    const answer = await raw(server.port, '/api/updateSettings', {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ startAtLogin: true, tillName: 'Back' }),
    });
    expect(JSON.parse(answer.body)).toMatchObject({
      ok: false,
      error: { code: 'desktop_only', fields: [{ path: '/startAtLogin' }] },
    });
    const settings = JSON.parse(
      (
        await raw(server.port, '/api/getSettings', {
          method: 'POST',
          headers: { ...json, cookie },
          body: '{}',
        })
      ).body,
    ) as { value: { desktop: unknown; till: { tillName: string } } };
    expect(settings.value.desktop).toBeNull();
    expect(settings.value.till.tillName).toBe('Till 1'); // nothing was changed
  });

  it('never shows the API key in any response, page or event', async () => {
    const key = 'eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6InNhbGVzOndyaXRlIn0.console-secret-signature';
    const { server } = await consoleForTest();
    const cookie = await login(server.port, tokenOf(server.loginUrl));
    const call = async (method: string, input: unknown = {}) =>
      (
        await raw(server.port, `/api/${method}`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify(input),
        })
      ).body;
    const saved = await call('setApiKey', { key });
    expect(JSON.parse(saved)).toMatchObject({
      ok: true,
      value: { apiKey: { set: true, storage: 'file', scopes: ['sales:write'] } },
    });
    const bodies = [
      saved,
      await call('getSettings'),
      await call('getStatus'),
      (await raw(server.port, '/', { headers: { cookie } })).body,
    ];
    const events = await new Promise<string>((resolve) => {
      let text = '';
      void fetch(`${server.url}/api/events`, { headers: { cookie } }).then(async (response) => {
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        const { value } = await reader.read();
        text += new TextDecoder().decode(value);
        await reader.cancel();
        resolve(text);
      });
    });
    expect(events).toMatch(/^event: status\ndata: \{/);
    for (const body of [...bodies, events]) expect(body).not.toContain('console-secret-signature');
  });
});
