// Webhook endpoints and their queues. A sale's event is logged in the same transaction as
// the sale, so an event is never lost before its endpoints' bound drops it (at least once).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from '../../db/drizzle.js';
import type { SandboxDb } from '../db/open.js';
import { webhookEndpoints } from '../db/schema.js';
import type { SaleBody } from '../http/schemas.js';
import { createWebhookEventLog } from './event-log.js';
import { MAX_ENABLED_ENDPOINTS, QUEUE_BOUND, SALE_CREATED, type QueueBound } from './policy.js';
import { newWebhookSecret } from './signature.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
export const isLoopbackUrl = (url: string) => LOOPBACK_HOSTS.has(new URL(url).hostname);

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type Change = { kind: 'event' } | { kind: 'endpoint'; id: string };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function createWebhookEndpoints(db: SandboxDb, bound: QueueBound = QUEUE_BOUND) {
  const log = createWebhookEventLog(db, bound);
  const listeners = new Set<(change: Change) => void>();
  const tell = (change: Change) => listeners.forEach((listener) => listener(change));
  const enabledCount = () =>
    db
      .select({ n: sql<number>`count(*)` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.status, 'enabled'))
      .get()!.n;
  let anyEnabled = enabledCount() > 0;

  const byId = (id: string) =>
    db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();

  return {
    log,
    /** Tells the dispatcher of new events and of endpoints added, changed or disabled. */
    listen(listener: (change: Change) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A new endpoint, or undefined when MAX_ENABLED_ENDPOINTS are already enabled. */
    create(url: string, events: string[], now: number) {
      if (enabledCount() >= MAX_ENABLED_ENDPOINTS) return undefined;
      const endpoint = {
        id: `we_${randomBytes(9).toString('base64url')}`,
        url,
        secret: newWebhookSecret(),
        events: JSON.stringify(events),
        status: 'enabled' as const,
        createdAt: now,
        // It receives the events that come after it, not the ones before.
        deliveredThrough: log.newest(),
      };
      db.insert(webhookEndpoints).values(endpoint).run();
      anyEnabled = true;
      tell({ kind: 'endpoint', id: endpoint.id });
      return { ...this.view(byId(endpoint.id)!), secret: endpoint.secret };
    },
    /** An endpoint as the API shows it: its state and its queue, never its secret. */
    view(row: EndpointRow) {
      const queue = row.status === 'enabled' ? log.queueAfter(row.deliveredThrough) : undefined;
      return {
        id: row.id,
        url: row.url,
        events: JSON.parse(row.events) as string[],
        status: row.status,
        disabledReason: row.disabledReason,
        pending: queue?.pending ?? 0,
        delivered: row.delivered,
        dropped: row.dropped + (queue?.lost ?? 0),
        failures: row.failures,
        nextAttemptAt: iso(row.nextAttemptAt),
        lastError: row.lastError,
      };
    },
    list() {
      return db
        .select()
        .from(webhookEndpoints)
        .orderBy(desc(webhookEndpoints.createdAt))
        .all()
        .map((row) => this.view(row));
    },
    enabled: (): EndpointRow[] =>
      db.select().from(webhookEndpoints).where(eq(webhookEndpoints.status, 'enabled')).all(),
    byId,
    /** Stops deliveries to an endpoint (a 410, the schedule run out, a delete), keeping it. */
    disable(id: string, reason: string, now: number): boolean {
      const result = db
        .update(webhookEndpoints)
        .set({ status: 'disabled', disabledReason: reason, disabledAt: now, nextAttemptAt: null })
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.status, 'enabled')))
        .run();
      anyEnabled = enabledCount() > 0;
      if (result.changes > 0) tell({ kind: 'endpoint', id });
      return result.changes > 0;
    },
    /**
     * Events `first` to `last` delivered (`count` of them): the position moves past them,
     * and past any events before `first` that the bound dropped.
     */
    delivered(row: EndpointRow, first: number, last: number, count: number): EndpointRow {
      const next = {
        deliveredThrough: last,
        delivered: row.delivered + count,
        dropped: row.dropped + (first - row.deliveredThrough - 1),
        failures: 0,
        nextAttemptAt: null,
        lastError: null,
      };
      db.update(webhookEndpoints).set(next).where(eq(webhookEndpoints.id, row.id)).run();
      return { ...row, ...next };
    },
    /** A failed attempt: the endpoint waits until `nextAttemptAt` (null: it is disabled next). */
    failed(row: EndpointRow, nextAttemptAt: number | null, error: string): EndpointRow {
      const next = { failures: row.failures + 1, nextAttemptAt, lastError: error };
      db.update(webhookEndpoints).set(next).where(eq(webhookEndpoints.id, row.id)).run();
      return { ...row, ...next };
    },
    /** Called inside the sale's transaction; nothing is logged while no endpoint listens. */
    enqueueSaleCreated(sale: SaleBody, now: number): void {
      if (!anyEnabled) return;
      const payload = JSON.stringify({
        type: SALE_CREATED,
        timestamp: new Date(now).toISOString(),
        data: sale,
      });
      log.append(SALE_CREATED, payload, now);
      // After the transaction: the dispatcher reads the event once it is committed.
      queueMicrotask(() => tell({ kind: 'event' }));
    },
  };
}

export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;
