// The engine's key check (main/sync/key-check.ts): an empty sale posted now, its verdict
// recorded like any answer, so a refused key pauses the queue and every reading of the
// status says "Key rejected" before any sale is sent; an accepted key is contact.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { scriptedServer, type ScriptedAnswer } from '../helpers/scripted-server.js';
import { statusRuleViolations } from '../helpers/status-rules.js';
import { fastTuning, till } from './helpers.js';

const refused: ScriptedAnswer = {
  status: 401,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ error: 'invalid_token', message: 'malformed' }),
};
const invalidSale: ScriptedAnswer = { status: 422, body: '{"title":"The sale is not valid"}' };

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('checking the key now', () => {
  it('a refused key pauses the queue at once, before any sale is sent', async () => {
    const server = await scriptedServer(() => refused);
    const t = till();
    t.record(2);
    const engine = t.engine({ baseUrl: server.url, apiKey: 'bad-key' });
    const checked = await engine.checkKey();
    expect(checked?.judged).toMatchObject({ verdict: 'refused', code: 'http_401' });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/sales', body: '{}' });
    expect(request!.headers['idempotency-key']).toMatch(/^tillsync-key-check-/);
    const status = engine.status();
    expect(status).toMatchObject({
      link: 'key_rejected',
      apiKey: { set: true },
      paused: { reason: 'HTTP 401: malformed' },
      counts: { pending: 2 },
    });
    expect(statusRuleViolations(status, Date.now())).toEqual([]);
    expect(await engine.drain()).toMatchObject({ skipped: 'paused' });
    expect(server.requests).toHaveLength(1); // no sale went out with the refused key
  });

  it('an accepted key is contact: online, and a pause for that key ends', async () => {
    let answer = refused;
    const server = await scriptedServer(() => answer);
    const t = till();
    const engine = t.engine({ baseUrl: server.url, apiKey: 'the-key' });
    await engine.checkKey();
    expect(engine.status().link).toBe('key_rejected');
    answer = invalidSale; // the platform now takes the key (and refuses the empty sale)
    const checked = await engine.checkKey();
    expect(checked?.judged.verdict).toBe('accepted');
    const status = engine.status();
    expect(status).toMatchObject({ link: 'online', paused: null });
    expect(status.lastContactAt).toBeGreaterThan(Date.now() - 5000);
    expect(statusRuleViolations(status, Date.now())).toEqual([]);
  });

  it('no way to the platform: offline, said in words, the code kept', async () => {
    const t = till();
    const engine = t.engine({ baseUrl: `http://127.0.0.1:${await closedPort()}`, apiKey: 'k' });
    const checked = await engine.checkKey();
    expect(checked?.judged).toMatchObject({ verdict: 'unreachable', offline: true });
    expect(engine.status()).toMatchObject({
      link: 'offline',
      paused: null,
      lastError: { code: 'network_ECONNREFUSED', message: 'The platform refused the connection' },
    });
  });

  it('asks once for two checks of one key, and records nothing for a key replaced meanwhile', async () => {
    const server = await scriptedServer(() => ({ ...refused, delayMs: 300 }));
    const t = till();
    const engine = t.engine({ baseUrl: server.url, apiKey: 'old-key' });
    const [first, second] = [engine.checkKey(), engine.checkKey()];
    expect(second).toBe(first);
    engine.updateConfig({ baseUrl: server.url, apiKey: 'new-key', sync: fastTuning() });
    expect((await first)?.judged.verdict).toBe('refused');
    expect(engine.status()).toMatchObject({ paused: null });
    expect(server.requests.filter((r) => r.body === '{}')).toHaveLength(1);
  });

  it('with no platform set, checks nothing', async () => {
    const t = till();
    const engine = t.engine({ apiKey: 'a-key-saved-before-any-address' });
    expect(await engine.checkKey()).toBeNull();
    expect(engine.status().link).toBe('not_configured');
  });
  it("a rate limit in the check's answer holds the queue, as a sale's would", async () => {
    // The quota is the key's: the simulation found a sale sent at once after a check's 429
    // (Retry-After and RateLimit fields read by no one), refused for the quota again.
    const server = await scriptedServer((_request, index) =>
      index === 0
        ? { status: 429, headers: { 'retry-after': '2', ratelimit: '"bucket";r=0;t=2' } }
        : { status: 201, body: '{"id":"sale_1"}' },
    );
    const t = till();
    t.record(1);
    const engine = t.engine({ baseUrl: server.url, apiKey: 'key' });
    expect((await engine.checkKey())?.judged.verdict).toBe('unclear');
    expect((await engine.drain()).skipped).toBe('throttled'); // the platform's wait first
    expect(server.requests).toHaveLength(1);
  });
});
