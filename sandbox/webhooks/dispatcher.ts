// Delivers queued webhook events: signed, at least once, retried with backoff. An endpoint
// that answers 410 Gone is disabled and its pending deliveries are cancelled.
import { and, asc, eq, lte } from '../../db/drizzle.js';
import type { SandboxDb } from '../db/open.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import type { WebhookEndpoints } from './endpoints.js';
import { signWebhook } from './signature.js';

/** The Standard Webhooks schedule: waits after each failed attempt. */
export const DEFAULT_RETRY_DELAYS_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];

export interface DispatcherOptions {
  retryDelaysMs?: number[];
  pollMs?: number;
  timeoutMs?: number;
}

export function startWebhookDispatcher(
  db: SandboxDb,
  endpoints: WebhookEndpoints,
  options: DispatcherOptions = {},
) {
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const controller = new AbortController();
  let running: Promise<void> | undefined;

  function due(now: number) {
    return db
      .select({
        delivery: webhookDeliveries,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(20)
      .all();
  }

  async function deliver({ delivery, url, secret }: ReturnType<typeof due>[number]): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secret, delivery.id, timestamp, delivery.payload),
        },
        body: delivery.payload,
        signal: AbortSignal.any([
          controller.signal,
          AbortSignal.timeout(options.timeoutMs ?? 5000),
        ]),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (caught) {
      if (controller.signal.aborted) return; // shutting down: the delivery stays pending
      error = (caught as Error).message;
    }
    if (status === 410) {
      endpoints.disable(delivery.endpointId, 'The endpoint answered 410 Gone');
      return;
    }
    const attempts = delivery.attempts + 1;
    const delivered = status !== null && status >= 200 && status < 300;
    const exhausted = !delivered && attempts > retryDelays.length;
    db.update(webhookDeliveries)
      .set({
        attempts,
        lastStatus: status,
        lastError: error ?? (delivered ? null : `answered ${status}`),
        status: delivered ? 'delivered' : exhausted ? 'failed' : 'pending',
        deliveredAt: delivered ? Date.now() : null,
        nextAttemptAt:
          delivered || exhausted ? delivery.nextAttemptAt : Date.now() + retryDelays[attempts - 1]!,
      })
      .where(eq(webhookDeliveries.id, delivery.id))
      .run();
  }

  async function tick(): Promise<void> {
    await Promise.all(due(Date.now()).map(deliver));
  }

  const timer = setInterval(() => {
    running ??= tick().finally(() => (running = undefined));
  }, options.pollMs ?? 100);
  timer.unref();

  return {
    /** Delivers whatever is due now (tests use it instead of waiting for the timer). */
    flush: () => (running ??= tick().finally(() => (running = undefined))),
    async stop(): Promise<void> {
      clearInterval(timer);
      controller.abort();
      await running;
    },
  };
}
