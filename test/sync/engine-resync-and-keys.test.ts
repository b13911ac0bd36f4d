// What the simulation found, held by tests of their own against a real HTTP server: a
// person's Resync is followed once by the till's other process, not passed back and forth
// for ever (each following process used to ask again), nor after that process has heard
// the key refused itself; and a new key ends the pass that sends with the old one, even
// one replaced while the pass was asking an unreachable platform whether it answers again,
// so no sale goes out under a key no longer in use and no refusal of it pauses the new one.
// And a Resync ends the wait the platform asked for on every screen, not only in the queue.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { created, scriptedServer } from '../helpers/scripted-server.js';
import { fastTuning, till, waitUntil } from './helpers.js';

const resyncRequested = (t: ReturnType<typeof till>) =>
  (
    t.store.database.sqlite
      .prepare('select resync_requested_at as at from sync_state where id = 1')
      .get() as { at: number }
  ).at;

describe('sync engine: resync across processes, and a new key mid-pass', () => {
  it('says the queue waits as the platform asked, and no longer once a person pressed Resync', async () => {
    const server = await scriptedServer((_request, index) =>
      index === 0 ? { status: 503, headers: { 'retry-after': '120' } } : created(),
    );
    const t = till();
    const [sale] = t.record(1);
    const engine = t.engine({ baseUrl: server.url, apiKey: 'key' });
    const asked = Date.now();
    await engine.drain();
    const waits = engine.status().throttledUntil;
    expect(waits).toBeGreaterThanOrEqual(asked + 119_000);
    expect(waits).toBeLessThanOrEqual(Date.now() + 121_000);

    await engine.resync();
    expect(server.requests).toHaveLength(2);
    expect(t.store.getSale(sale!)!.outbox.state).toBe('synced');
    expect(engine.status().throttledUntil).toBeNull(); // the screens stop saying "slow down"
  });

  it("follows a person's Resync in the till's other process once, and only once", async () => {
    const server = await scriptedServer(() => ({ status: 401, body: '{"title":"Unauthorized"}' }));
    const t = till();
    t.record(1);
    const alive = () => 'alive' as const;
    const config = { baseUrl: server.url, apiKey: 'refused-key', sync: { pollIntervalMs: 50 } };
    const first = t.engine(config, { owner: 'app', liveness: alive });
    const second = t.engine(config, { owner: 'daemon', liveness: alive });
    first.start();
    second.start();
    await waitUntil(() => server.requests.length === 1, 5000, 'the refusal that pauses the queue');
    await waitUntil(() => first.status().link === 'key_rejected', 5000, 'the app to pause');

    await first.resync(); // a person presses Resync now, in the app
    const asked = resyncRequested(t);
    // The daemon follows it on its next tick, and pauses again on its own refusal.
    await waitUntil(() => server.requests.length >= 3, 5000, 'both processes to try once');
    await new Promise((resolve) => setTimeout(resolve, 1000)); // 20 ticks of each
    expect(server.requests).toHaveLength(3);
    expect(resyncRequested(t)).toBe(asked); // nobody asked again
    expect(second.status().link).toBe('key_rejected');
  });

  it('ends a pass when the key changes: what is left goes out with the new key', async () => {
    const server = await scriptedServer((request) =>
      request.headers.authorization === 'Bearer old-key'
        ? { status: 201, body: '{"id":"sale_slow"}', delayMs: 150 }
        : created(),
    );
    const t = till();
    t.record(6);
    const engine = t.engine({ baseUrl: server.url, apiKey: 'old-key', sync: { concurrency: 1 } });
    engine.start();
    await waitUntil(() => server.requests.length === 1, 5000, 'the first sale on its way');
    engine.updateConfig({
      baseUrl: server.url,
      apiKey: 'new-key',
      sync: fastTuning({ concurrency: 1 }),
    });
    await waitUntil(() => t.store.countByState().synced === 6, 10_000, 'every sale sent');
    const keys = server.requests.map((request) => request.headers.authorization);
    // Only the sale already on its way when the key changed went with the old key.
    expect(keys.filter((key) => key === 'Bearer old-key')).toHaveLength(1);
    expect(keys.slice(1).every((key) => key === 'Bearer new-key')).toBe(true);
  });

  it('keeps the pause of its own refusal of the key when it follows a Resync asked before it: no request with a refused key', async () => {
    const server = await scriptedServer(() => ({ status: 401, body: '{"title":"Unauthorized"}' }));
    const t = till();
    const alive = () => 'alive' as const;
    const config = {
      baseUrl: server.url,
      apiKey: 'refused-key',
      sync: { pollIntervalMs: 1000, debounceMs: 0 },
    };
    const app = t.engine(config, { owner: 'app', liveness: alive });
    const daemon = t.engine(config, { owner: 'daemon', liveness: alive });
    app.start();
    daemon.start();
    t.record(1);
    app.notifySaleRecorded();
    await waitUntil(() => app.status().link === 'key_rejected', 5000, 'the app to pause');
    await app.resync(); // a person presses Resync in the app: refused again
    // The daemon sends before its next tick, and hears the key refused after that Resync.
    daemon.notifySaleRecorded();
    await waitUntil(() => daemon.status().link === 'key_rejected', 5000, 'the daemon to pause');
    await new Promise((resolve) => setTimeout(resolve, 2500)); // two of its ticks
    expect(server.requests).toHaveLength(3);
  });

  it.each([
    { asked: 'before', first: 'HEAD' },
    { asked: 'after', first: 'POST' },
  ])(
    'follows a Resync asked $asked it learnt the platform out of reach: its first request is a $first',
    async ({ asked, first }) => {
      const port = await freePort();
      const t = till();
      const alive = () => 'alive' as const;
      const sync = { pollIntervalMs: 60_000, probeIntervalMs: 60_000 };
      const config = { baseUrl: `http://127.0.0.1:${port}`, apiKey: 'key', sync };
      const app = t.engine(config, { owner: 'app', liveness: alive });
      const daemon = t.engine(config, { owner: 'daemon', liveness: alive });
      t.record(1);
      // The platform is down: a person presses Resync in the app, and the daemon's pass
      // (not yet following it) sends and learns the platform is out of reach, in that order
      // or the other.
      if (asked === 'before') await app.resync();
      t.record(1);
      await daemon.drain();
      expect(daemon.status().link).toBe('offline');
      if (asked === 'after') await app.resync();
      t.record(1); // due now
      const methods: string[] = [];
      const platform = createServer((request, response) => {
        methods.push(request.method ?? '');
        request.resume();
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(`{"id":"sale_${methods.length}"}`);
      });
      await listen(platform, port);
      try {
        // Its first tick follows the Resync. One asked before it learnt the platform out of
        // reach was tried already: it asks whether the platform answers before it sends.
        daemon.start();
        await waitUntil(() => methods.includes('POST'), 5000, 'the new sale sent');
        expect(methods[0]).toBe(first);
      } finally {
        await daemon.stop();
        platform.closeAllConnections();
        await new Promise((resolve) => platform.close(resolve));
      }
    },
  );

  it('tries the sales at a Resync pressed while a probe is under way that then finds the platform out of reach', async () => {
    // The simulation's seed 3701: offline, the till asked at each tick whether the platform
    // answered; each of three presses came while such a question was under way. Its "out
    // of reach", heard after the press, undid the press, and the pass after it only asked
    // again: the sales were never tried.
    const port = await freePort();
    const t = till();
    t.record(1);
    const sync = { pollIntervalMs: 60_000, probeIntervalMs: 60_000 };
    const engine = t.engine({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'key', sync });
    await engine.drain(); // nothing listens: offline
    expect(engine.status().link).toBe('offline');
    const methods: string[] = [];
    const held: IncomingMessage[] = [];
    let probed!: () => void;
    const probing = new Promise<void>((resolve) => (probed = resolve));
    const platform = createServer((request, response) => {
      methods.push(request.method ?? '');
      if (request.method === 'HEAD') {
        held.push(request); // unanswered until cut
        probed();
        return;
      }
      request.resume();
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end('{"id":"sale_1"}');
    });
    await listen(platform, port);
    try {
      const asking = engine.drain(); // offline: it asks first
      await probing;
      const pressed = engine.resync();
      for (const request of held) request.socket.destroy(); // the question goes unanswered
      expect((await asking).skipped).toBe('offline');
      expect((await pressed).synced).toBe(1);
      expect(methods).toEqual(['HEAD', 'POST']);
    } finally {
      await engine.stop();
      platform.closeAllConnections();
      await new Promise((resolve) => platform.close(resolve));
    }
  });

  it('ends a pass whose key was replaced while it asked an unreachable platform: the new key is not paused', async () => {
    // The platform is down, then answers its probe slowly; meanwhile the key is replaced.
    const port = await freePort();
    const t = till();
    t.record(1);
    const sync = { probeIntervalMs: 100, requestTimeoutMs: 2000 };
    const engine = t.engine({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'old-key', sync });
    engine.start();
    await waitUntil(() => engine.status().link === 'offline', 5000, 'the till to see it offline');
    const keys: string[] = [];
    let probed!: () => void;
    const probing = new Promise<void>((resolve) => (probed = resolve));
    const platform = createServer((request, response) => {
      if (request.method === 'HEAD') {
        probed();
        setTimeout(() => response.end(), 300);
        return;
      }
      keys.push(request.headers.authorization ?? '');
      request.resume();
      const refused = request.headers.authorization === 'Bearer old-key';
      response.writeHead(refused ? 401 : 201, { 'content-type': 'application/json' });
      response.end(refused ? '{"title":"Unauthorized"}' : '{"id":"sale_1"}');
    });
    await listen(platform, port);
    try {
      await probing;
      engine.updateConfig({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'new-key',
        sync: fastTuning(sync),
      });
      await waitUntil(
        () => t.store.countByState().synced === 1,
        5000,
        () =>
          `the sale sent (${JSON.stringify({ keys, link: engine.status().link, counts: t.store.countByState() })})`,
      );
      expect(keys).toEqual(['Bearer new-key']);
      expect(engine.status().link).not.toBe('key_rejected');
    } finally {
      await engine.stop();
      platform.closeAllConnections();
      await new Promise((resolve) => platform.close(resolve));
    }
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await listen(probe, 0);
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
