import { describe, expect, it } from 'vitest';
import type { DrainSummary } from '../../domain/sync-status.js';
import type { SyncStatus } from '../../main/sync/status.js';
import { created, scriptedServer } from '../helpers/scripted-server.js';
import { till, waitUntil } from './helpers.js';

/** The statuses an engine tells its screens, newest last. */
function screen(engine: {
  events: { on(event: 'status', listener: (s: SyncStatus) => void): unknown };
}) {
  const seen: SyncStatus[] = [];
  engine.events.on('status', (status) => seen.push(status));
  return seen;
}

describe('sync engine: what its screens are told', () => {
  it('tells its screens, at its next tick, the sales another process sent', async () => {
    const server = await scriptedServer(() => created());
    const t = till();
    const config = { baseUrl: server.url, apiKey: 'k' };
    const sender = t.engine(config);
    // The app beside a daemon: its engine ticks every second, and sends nothing here.
    const app = t.engine({ ...config, sync: { pollIntervalMs: 1000 } });
    const shown = screen(app);
    app.start();
    await waitUntil(() => shown.length > 0, 5000, 'the first status (the platform answered)');
    t.record(2);
    expect(await sender.drain()).toMatchObject({ synced: 2 });
    await waitUntil(
      () => shown.at(-1)?.counts.synced === 2,
      5000,
      () => `the app's screen to show 2 synced (shows ${JSON.stringify(shown.at(-1)?.counts)})`,
    );
    expect(shown.at(-1)!.counts.pending).toBe(0);
  });

  it('tells its screens of a sale recorded by another connection, with no platform set', async () => {
    const t = till();
    const engine = t.engine({});
    const shown = screen(engine);
    engine.start();
    await new Promise((resolve) => setTimeout(resolve, 120)); // a tick or two with nothing new
    const before = shown.length;
    t.record(1);
    await waitUntil(() => shown.at(-1)?.counts.pending === 1, 5000, 'the sale on the screen');
    expect(shown.length).toBe(before + 1); // one status for one change, not one a tick
  });

  it('tells its listeners (the metrics) what each pass did, or why it did not run', async () => {
    const server = await scriptedServer(() => created());
    const t = till();
    const passes: DrainSummary[] = [];
    const idle = t.engine({});
    idle.events.on('pass', (summary) => passes.push(summary));
    await idle.drain();
    expect(passes).toEqual([expect.objectContaining({ skipped: 'not_configured', synced: 0 })]);
    const sender = t.engine({ baseUrl: server.url, apiKey: 'k' });
    sender.events.on('pass', (summary) => passes.push(summary));
    t.record(2);
    await sender.drain();
    expect(passes[1]).toEqual(expect.objectContaining({ synced: 2 }));
    expect(passes[1]!.skipped).toBeUndefined();
  });
});
