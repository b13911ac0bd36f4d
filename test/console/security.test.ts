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
    // The page secret rides in the fragment (no server sees it); the cookie names the session.
    expect(answer.headers.location).toMatch(/^\/#session=[\w-]{40,}$/);
    expect(String(answer.headers['set-cookie'])).toMatch(
      /^tillsync_session=[^;]+; HttpOnly; SameSite=Strict; Path=\/$/,
    );
    expect(String(answer.headers['set-cookie'])).not.toContain(tokenOf(server.loginUrl));
    const session = await login(server.port, tokenOf(server.loginUrl));
    const page = await raw(server.port, '/', { headers: session });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="app">');
    expect(page.headers['content-security-policy']).toMatch(
      /default-src 'self'; script-src 'self'/,
    );
    expect(page.headers['x-frame-options']).toBe('DENY');
    const api = await raw(server.port, '/api/getStatus', {
      method: 'POST',
      headers: { ...json, ...session },
      body: '{}',
    });
    expect(JSON.parse(api.body)).toMatchObject({ ok: true, value: { mode: 'sandbox' } });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('does not let a replayed session cookie use the API: the page secret is never in a cookie', async () => {
    const { server } = await consoleForTest();
    const session = await login(server.port, tokenOf(server.loginUrl));
    // What another server on 127.0.0.1 receives from the browser: the cookie, nothing else.
    const replay = { cookie: session.cookie };
    const call = (headers: Record<string, string>, path = '/api/getStatus') =>
      raw(server.port, path, { method: 'POST', headers: { ...json, ...headers }, body: '{}' });
    expect((await call(replay)).status).toBe(401);
    expect((await call({ ...replay, 'x-tillsync-session': 'guess' })).status).toBe(401);
    expect((await raw(server.port, '/api/events', { headers: replay })).status).toBe(401);
    // The page itself opens, and carries no secret a replaying server could read.
    const page = await raw(server.port, '/', { headers: replay });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(session['x-tillsync-session']);
    // Another login's secret does not fit this cookie.
    const other = await login(server.port, tokenOf(server.loginUrl));
    expect(
      (await call({ ...replay, 'x-tillsync-session': other['x-tillsync-session'] })).status,
    ).toBe(401);
    expect((await call(session)).status).toBe(200);
  });

  it('serves a favicon and styled pages that name the command which printed the link', async () => {
    const { server } = await consoleForTest({}, { startedBy: 'tillsync start (npm start)' });
    const favicon = await raw(server.port, '/favicon.ico');
    expect(favicon.status).toBe(200);
    expect(favicon.headers['content-type']).toBe('image/png');
    const askLogin = await raw(server.port, '/');
    expect(askLogin.status).toBe(401);
    expect(askLogin.body).toContain('<link rel="stylesheet" href="/console-page.css">');
    expect(askLogin.body).toContain('<code>tillsync start (npm start)</code> printed');
    expect(askLogin.body).not.toContain('daemon --console');
    const style = await raw(server.port, '/console-page.css');
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    expect((await raw(server.port, '/login?token=old')).body).toContain(
      'tillsync start (npm start)',
    );
  });

  it('refuses a foreign Host (DNS rebinding) even with a valid session', async () => {
    const { server } = await consoleForTest();
    const session = await login(server.port, tokenOf(server.loginUrl));
    for (const host of [
      'evil.example',
      `evil.example:${server.port}`,
      `127.0.0.1:${server.port + 1}`,
    ]) {
      const answer = await raw(server.port, '/api/getStatus', {
        method: 'POST',
        headers: { ...json, ...session, host },
        body: '{}',
      });
      expect(answer.status).toBe(421);
    }
    expect(
      (await raw(server.port, '/', { headers: { ...session, host: `localhost:${server.port}` } }))
        .status,
    ).toBe(200);
  });

  it('refuses calls from another origin (CSRF) and anything but JSON', async () => {
    const { server } = await consoleForTest();
    const session = await login(server.port, tokenOf(server.loginUrl));
    const body = JSON.stringify({
      items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 450 }],
      paymentMethod: 'CASH',
    });
    const foreign = await raw(server.port, '/api/recordSale', {
      method: 'POST',
      headers: { ...json, ...session, origin: 'https://evil.example' },
      body,
    });
    expect(foreign.status).toBe(403);
    const form = await raw(server.port, '/api/recordSale', {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'items=1',
    });
    expect(form.status).toBe(415);
    const own = await raw(server.port, '/api/recordSale', {
      method: 'POST',
      headers: { ...json, ...session, origin: server.url },
      body,
    });
    expect(JSON.parse(own.body)).toMatchObject({ ok: true, value: { receiptNumber: 1 } });
  });

  it('says that starting at login belongs to the desktop app', async () => {
    const { server } = await consoleForTest();
    const session = await login(server.port, tokenOf(server.loginUrl));
    const answer = await raw(server.port, '/api/updateSettings', {
      method: 'POST',
      headers: { ...json, ...session },
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
          headers: { ...json, ...session },
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
    const session = await login(server.port, tokenOf(server.loginUrl));
    const call = async (method: string, input: unknown = {}) =>
      (
        await raw(server.port, `/api/${method}`, {
          method: 'POST',
          headers: { ...json, ...session },
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
      (await raw(server.port, '/', { headers: session })).body,
    ];
    const events = await new Promise<string>((resolve) => {
      let text = '';
      void fetch(`${server.url}/api/events`, { headers: session }).then(async (response) => {
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
