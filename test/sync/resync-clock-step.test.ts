// A Resync followed across a step back of the wall clock. The request is the asker's wall
// time; a send begun after the step is dated before it, so a follower that compared the two
// lifted the Retry-After the platform gave that send, and sent the sale early. Found by the
// simulation (seed 6714: a follower stopped across a step back of 5,028 s sent a sale 75 s
// before its Retry-After allowed). A step seen before the ask counts for nothing: counted,
// it kept the Resync from lifting a wait (seeds 7095, 7456, 7559 and 7773 of a first fix).
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../main/sync/clock.js';
import { created, scriptedServer } from '../helpers/scripted-server.js';
import { till, waitUntil } from './helpers.js';

/**
 * One sale, a platform that answers its first send 503 with Retry-After 120 s, and two
 * processes on one machine's wall clock (`step` moves it): the daemon, which sends, and the
 * app, with no platform set, where a person presses Resync.
 */
async function twoProcesses() {
  let sends = 0;
  const server = await scriptedServer((request) => {
    if (!request.url.startsWith('/v1/sales')) return created();
    return sends++ === 0 ? { status: 503, headers: { 'retry-after': '120' } } : created();
  });
  let stepped = 0;
  const clock: Clock = { now: () => Date.now() + stepped, monotonic: () => performance.now() };
  const t = till();
  const [sale] = t.record(1);
  const alive = () => 'alive' as const;
  const sync = { pollIntervalMs: 50 };
  const daemon = t.engine(
    { baseUrl: server.url, apiKey: 'k', sync },
    { owner: 'daemon', liveness: alive, clock },
  );
  const app = t.engine({ sync }, { owner: 'app', liveness: alive, clock });
  return {
    t,
    sale: sale!,
    server,
    clock,
    daemon,
    app,
    sends: () => sends,
    step: (ms: number) => void (stepped = ms),
  };
}

describe('a Resync followed across a step back of the wall clock', () => {
  it('keeps the wait the platform asked for a send begun after the ask', async () => {
    const { t, sale, server, clock, daemon, app, step } = await twoProcesses();

    await app.resync(); // a person presses Resync in the app
    step(-3_600_000); // then the clock goes back an hour
    await daemon.drain(); // the daemon's send, after both, is asked to wait two minutes
    const waitEnds = () => t.store.getSale(sale)!.outbox.nextAttemptAt;
    const asked = waitEnds();
    expect(asked).toBeGreaterThan(clock.now() + 100_000);
    expect(server.requests).toHaveLength(1);

    const passes: string[] = [];
    daemon.events.on('pass', (summary) => passes.push(summary.skipped ?? 'ran'));
    daemon.start(); // its first tick follows the app's Resync, and sees the step
    await waitUntil(() => passes.length > 0, 5000, "the pass the Resync's follower asks for");
    await new Promise((resolve) => setTimeout(resolve, 300)); // and a few ticks of 50 ms
    expect(server.requests).toHaveLength(1);
    expect(waitEnds()).toBe(asked);
    expect(t.store.getSale(sale)!.outbox.state).not.toBe('synced');
  });

  it('lifts the wait of a send begun before the ask when the step came before both', async () => {
    const { t, sale, clock, daemon, app, sends, step } = await twoProcesses();
    step(-3_600_000); // the clock goes back an hour
    daemon.start(); // its first tick sees the step, and no Resync
    const stepNoted = t.store.database.sqlite.prepare(
      'select clock_step_ms from sync_state where id = 1',
    );
    await waitUntil(() => stepNoted.pluck().get() !== null, 15_000, 'the step seen');
    await daemon.drain(); // asked to wait two minutes
    expect(daemon.status().throttledUntil).toBeGreaterThan(clock.now() + 100_000);

    await app.resync(); // pressed in the app, after the step: the daemon's wait ends
    await waitUntil(
      () => t.store.getSale(sale)!.outbox.state === 'synced',
      15_000,
      'the sale sent once the daemon followed the Resync',
    );
    expect(sends()).toBe(2);
  }, 30_000);
});
