// A person's Resync, pressed in one process while the other waits as the platform asked
// (a 503's Retry-After), is answered by that other's refusal of the key only as far as the
// pause goes: the wait begun before the press still ends when it follows the request. Found
// by the simulation (seed 1890): the refusal marked the Resync seen, so the daemon sat on
// its twenty seconds' wait after a new key, and a sale recorded then waited for it.
import { describe, expect, it } from 'vitest';
import { created, scriptedServer } from '../helpers/scripted-server.js';
import { fastTuning, till, waitUntil } from './helpers.js';

describe('a Resync answered by a refusal of the key', () => {
  it('still lifts the wait the platform asked before it was pressed', async () => {
    let salesSent = 0;
    const server = await scriptedServer((request) => {
      if (request.headers.authorization === 'Bearer old-key') {
        if (request.url.startsWith('/v1/sales') && salesSent++ === 0)
          return { status: 503, headers: { 'retry-after': '120' } };
        return { status: 401, body: '{"title":"Unauthorized"}' };
      }
      return created();
    });
    const t = till();
    const [sale] = t.record(1);
    const alive = () => 'alive' as const;
    const sync = { pollIntervalMs: 50 };
    const daemon = t.engine(
      { baseUrl: server.url, apiKey: 'old-key', sync },
      { owner: 'daemon', liveness: alive },
    );
    const app = t.engine({ sync }, { owner: 'app', liveness: alive }); // no platform set
    await daemon.drain();
    expect(daemon.status().throttledUntil).toBeGreaterThan(Date.now() + 100_000);

    await app.resync(); // pressed in the app: the daemon follows it at its next tick
    await daemon.checkKey(); // but first hears the key refused
    expect(daemon.status().link).toBe('key_rejected');
    daemon.updateConfig({ baseUrl: server.url, apiKey: 'new-key', sync: fastTuning(sync) });
    daemon.start();

    await waitUntil(
      () => t.store.getSale(sale!)!.outbox.state === 'synced',
      3000,
      'the sale sent once the daemon followed the Resync',
    );
    const keys = server.requests.map((request) => request.headers.authorization);
    expect(keys).toEqual(['Bearer old-key', 'Bearer old-key', 'Bearer new-key']);
  });
});
