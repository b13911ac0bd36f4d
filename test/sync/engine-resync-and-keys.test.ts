// Two things the simulation found, held by tests of their own against a real HTTP server:
// a person's Resync is followed once by the till's other process, not passed back and forth
// for ever (each following process used to ask again); and a new key ends the pass that
// sends with the old one, so no sale goes out under a key that is no longer in use.
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
});
