// Delivers logged events to every enabled endpoint, each from its own queue, in order, with
// its own attempts in flight (MAX_WINDOW), so a dead endpoint holds only its own lane and
// never delays another. After a failure the endpoint waits out the Standard Webhooks schedule before its
// next attempt (new events meanwhile just queue, within the bound); when the schedule runs
// out, or the endpoint answers 410, it is disabled with a reason the integrator can read.
import type { WebhookClock, TimerHandle } from './clock.js';
import { systemClock } from './clock.js';
import type { EndpointRow, WebhookEndpoints } from './endpoints.js';
import { ATTEMPT_TIMEOUT_MS, inWords, MAX_WINDOW, RETRY_DELAYS_MS } from './policy.js';
import { createSender } from './send.js';

export interface DispatcherOptions {
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  clock?: WebhookClock;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

interface Lane {
  row: EndpointRow;
  running?: Promise<void>;
  /** Something changed while it ran: look again before resting. */
  again: boolean;
  timer?: TimerHandle;
  /** How many events it sends at once (see MAX_WINDOW). */
  window: number;
  /** Aborts its attempt in flight when the endpoint is disabled or the dispatcher stops. */
  cancel: AbortController;
}

export function startWebhookDispatcher(
  endpoints: WebhookEndpoints,
  options: DispatcherOptions = {},
) {
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const sender = createSender(timeoutMs);
  let stopped = false;
  const lanes = new Map<string, Lane>();

  async function drain(lane: Lane): Promise<void> {
    while (!stopped && lanes.get(lane.row.id) === lane) {
      const waitMs = (lane.row.nextAttemptAt ?? 0) - clock.now();
      if (waitMs > 0) {
        lane.timer ??= clock.after(waitMs, () => {
          lane.timer = undefined;
          void kick(lane);
        });
        return;
      }
      const events = endpoints.log.next(lane.row.deliveredThrough, lane.window);
      if (events.length === 0) return;
      const now = clock.now();
      const attempts = await Promise.all(
        events.map((event) => sender.attempt(lane.row, event, now, lane.cancel.signal)),
      );
      if (stopped || lanes.get(lane.row.id) !== lane) return;
      // The position moves over the events accepted in order; the rest are tried again
      // (a receiver may see an event twice: it tells them apart by webhook-id).
      const accepted = attempts.findIndex((attempt) => !attempt.ok);
      const through = accepted === -1 ? events.length : accepted;
      if (through > 0)
        lane.row = endpoints.delivered(lane.row, events[0]!.seq, events[through - 1]!.seq, through);
      const attempt = attempts.find((attempt) => !attempt.ok);
      lane.window = attempt ? 1 : Math.min(MAX_WINDOW, lane.window * 2);
      if (!attempt || attempt.ok) continue;
      const failedAt = clock.now();
      const gone = attempts.some((a) => !a.ok && a.gone);
      const exhausted = lane.row.failures >= delays.length;
      const wait = gone || exhausted ? undefined : delays[lane.row.failures]!;
      lane.row = endpoints.failed(
        lane.row,
        wait === undefined ? null : failedAt + wait,
        attempt.error,
      );
      if (wait !== undefined) continue;
      const reason = gone
        ? 'The endpoint answered 410 Gone'
        : `${lane.row.failures} attempts in a row failed, over ${inWords(sum(delays))} on the ` +
          `retry schedule (the last: ${attempt.error}); register the endpoint again to resume`;
      endpoints.disable(lane.row.id, reason, failedAt);
      return;
    }
  }

  function kick(lane: Lane): Promise<void> {
    if (lane.running) {
      lane.again = true;
      return lane.running;
    }
    lane.again = false;
    lane.running = drain(lane).finally(() => {
      lane.running = undefined;
      if (lane.again) void kick(lane);
    });
    return lane.running;
  }

  function forget(id: string): void {
    const lane = lanes.get(id);
    lane?.timer?.cancel();
    lane?.cancel.abort();
    lanes.delete(id);
  }

  function track(row: EndpointRow): void {
    forget(row.id);
    if (row.status !== 'enabled') return;
    const lane: Lane = { row, again: false, window: 1, cancel: new AbortController() };
    lanes.set(row.id, lane);
    void kick(lane);
  }

  const unlisten = endpoints.listen((change) => {
    if (change.kind === 'event') {
      // A lane waiting out a failure (it has a timer) takes no notice of new events.
      for (const lane of lanes.values()) if (!lane.timer) void kick(lane);
      return;
    }
    const row = endpoints.byId(change.id);
    if (row) track(row);
    else forget(change.id);
  });
  for (const row of endpoints.enabled()) track(row);

  return {
    /** Runs every lane whose attempt is due and waits for them (tests use it). */
    flush: async (): Promise<void> => {
      await Promise.all([...lanes.values()].map(kick));
    },
    async stop(): Promise<void> {
      unlisten();
      stopped = true;
      const running = [...lanes.values()].flatMap((lane) => lane.running ?? []);
      for (const id of [...lanes.keys()]) forget(id);
      await Promise.all(running);
      sender.close();
    },
  };
}
