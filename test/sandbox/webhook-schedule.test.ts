// The dispatcher on a real sandbox file and a real receiver, with time as an input: the
// whole Standard Webhooks schedule (27 h 35 min 5 s) walked with a manual clock, and the
// queue's bound dropping the oldest events and counting them.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSandboxDatabase } from '../../sandbox/db/open.js';
import type { SaleBody } from '../../sandbox/http/schemas.js';
import { saleCreatedEvent } from '../../sandbox/http/webhook-document.js';
import type { WebhookClock } from '../../sandbox/webhooks/clock.js';
import { startWebhookDispatcher } from '../../sandbox/webhooks/dispatcher.js';
import { createWebhookEndpoints } from '../../sandbox/webhooks/endpoints.js';
import { RETRY_DELAYS_MS, type QueueBound } from '../../sandbox/webhooks/policy.js';
import { tempDir } from '../helpers/temp-dir.js';
import { liveReceiver } from '../helpers/webhook-receivers.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A clock that moves only when told; its timers run when their time is passed. */
function manualClock(start: number) {
  let now = start;
  const timers: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  const clock: WebhookClock = {
    now: () => now,
    after(ms, run) {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return { cancel: () => (timer.cancelled = true) };
    },
  };
  return {
    clock,
    advance: (ms: number) => {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now && !t.cancelled)) {
        timer.cancelled = true;
        timer.run();
      }
    },
  };
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const T0 = Date.parse('2026-11-25T09:00:00Z');
const sale = (n: number): SaleBody => ({
  id: `sale_${n}`,
  shopId: 'shop_downtown',
  items: [{ productId: 'prod_8Hq2x', quantity: 1, price: 4.5 }],
  paymentMethod: 'CASH',
  total: 4.5,
  currency: 'USD',
  createdAt: new Date(T0).toISOString(),
});

async function setup(statuses: number[], bound?: QueueBound) {
  const database = openSandboxDatabase(join(tempDir(), 'sandbox.db'));
  const { clock, advance } = manualClock(T0);
  const endpoints = createWebhookEndpoints(database.db, bound);
  const dispatcher = startWebhookDispatcher(endpoints, { clock });
  const receiver = await liveReceiver(statuses);
  cleanups.push(
    () => database.close(),
    () => receiver.close(),
    () => dispatcher.stop(),
  );
  const { id } = endpoints.create(receiver.url, ['sale.created'], T0)!;
  const state = () => endpoints.view(endpoints.byId(id)!);
  /** Moves the clock, runs what is due, and waits for the attempts it made. */
  const advanceTo = async (at: number) => {
    advance(at - clock.now());
    await dispatcher.flush();
  };
  return { endpoints, dispatcher, receiver, state, advanceTo, clock };
}

describe('sandbox: webhook schedule and bound', () => {
  it('tries at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then disables the endpoint', async () => {
    const { endpoints, receiver, state, advanceTo } = await setup(Array<number>(20).fill(500));
    endpoints.enqueueSaleCreated(sale(1), T0);
    let due = T0;
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      await until(() => state().failures === index + 1, `attempt ${index + 1} to fail`);
      due += delay;
      expect(state()).toMatchObject({
        status: 'enabled',
        nextAttemptAt: new Date(due).toISOString(),
        lastError: 'answered 500',
      });
      await advanceTo(due - 1); // not a millisecond early
      expect(receiver.received).toHaveLength(index + 1);
      await advanceTo(due);
    }
    await until(() => state().status === 'disabled', 'the endpoint disabled');
    expect(receiver.received).toHaveLength(8);
    // Each attempt signed at its own time, the same event every time.
    const stamps = receiver.received.map((r) => Number(r.headers['webhook-timestamp']) * 1000);
    expect(stamps).toEqual(
      [0, ...RETRY_DELAYS_MS].map((_, i, all) =>
        all.slice(0, i + 1).reduce((sum, delay) => sum + delay, T0),
      ),
    );
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(state()).toMatchObject({ failures: 8, nextAttemptAt: null, lastError: 'answered 500' });
    expect(state().disabledReason).toBe(
      '8 attempts in a row failed, over 27 h 35 min 5 s on the retry schedule ' +
        '(the last: answered 500); register the endpoint again to resume',
    );
    endpoints.enqueueSaleCreated(sale(2), T0 + 100_000_000);
    await advanceTo(T0 + 200_000_000);
    expect(receiver.received).toHaveLength(8);
  });

  it('drops the oldest events past the bound, counts them, and delivers the rest in order', async () => {
    const { endpoints, receiver, state, advanceTo } = await setup([503], {
      maxEvents: 5,
      maxBytes: 1024 * 1024,
    });
    endpoints.enqueueSaleCreated(sale(1), T0);
    await until(() => state().failures === 1, 'the first attempt to fail');
    for (let n = 2; n <= 8; n++) endpoints.enqueueSaleCreated(sale(n), T0);
    expect(state()).toMatchObject({ pending: 5, dropped: 3, delivered: 0 });
    await advanceTo(T0 + RETRY_DELAYS_MS[0]);
    await until(() => state().pending === 0, 'the queue to drain');
    const delivered = receiver.received
      .slice(1)
      .map((r) => saleCreatedEvent.parse(JSON.parse(r.body)).data.id);
    expect(delivered).toEqual(['sale_4', 'sale_5', 'sale_6', 'sale_7', 'sale_8']);
    expect(state()).toMatchObject({ delivered: 5, dropped: 3, failures: 0, lastError: null });
  });

  it('bounds the bytes waiting too: events past maxBytes are dropped oldest first', async () => {
    const size = Buffer.byteLength(
      JSON.stringify({ type: 'sale.created', timestamp: sale(1).createdAt, data: sale(1) }),
    );
    const { endpoints, state } = await setup([503], { maxEvents: 1000, maxBytes: size * 3 });
    endpoints.enqueueSaleCreated(sale(1), T0);
    await until(() => state().failures === 1, 'the first attempt to fail');
    for (let n = 2; n <= 9; n++) endpoints.enqueueSaleCreated(sale(n), T0);
    expect(state()).toMatchObject({ pending: 3, dropped: 6 });
  });
});
