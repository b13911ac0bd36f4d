// Webhook endpoints and the deliveries queued for them. Deliveries are queued in the same
// transaction as the sale, so an event is never lost (at-least-once delivery).
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from '../../db/drizzle.js';
import type { SandboxDb } from '../db/open.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import type { SaleBody } from '../http/schemas.js';
import { newWebhookSecret } from './signature.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
export const isLoopbackUrl = (url: string) => LOOPBACK_HOSTS.has(new URL(url).hostname);

export function createWebhookEndpoints(db: SandboxDb) {
  let enabledIds = loadEnabled();

  function loadEnabled(): string[] {
    return db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.status, 'enabled'))
      .all()
      .map((row) => row.id);
  }

  return {
    create(url: string, events: string[]) {
      const endpoint = {
        id: `we_${randomBytes(9).toString('base64url')}`,
        url,
        secret: newWebhookSecret(),
        events: JSON.stringify(events),
        status: 'enabled' as const,
        createdAt: Date.now(),
      };
      db.insert(webhookEndpoints).values(endpoint).run();
      enabledIds = loadEnabled();
      return { id: endpoint.id, url, events, status: endpoint.status, secret: endpoint.secret };
    },
    list() {
      return db
        .select()
        .from(webhookEndpoints)
        .orderBy(desc(webhookEndpoints.createdAt))
        .all()
        .map(({ id, url, events, status }) => ({
          id,
          url,
          events: JSON.parse(events) as string[],
          status,
        }));
    },
    /** Stops deliveries to an endpoint (a 410 from it, or a delete), keeping the record. */
    disable(id: string, reason: string): boolean {
      const changed = db.transaction((tx) => {
        const result = tx
          .update(webhookEndpoints)
          .set({ status: 'disabled', disabledReason: reason })
          .where(eq(webhookEndpoints.id, id))
          .run();
        tx.update(webhookDeliveries)
          .set({ status: 'cancelled', lastError: reason })
          .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')))
          .run();
        return result.changes > 0;
      });
      enabledIds = loadEnabled();
      return changed;
    },
    /** Called inside the sale's transaction. */
    enqueueSaleCreated(sale: SaleBody, now: number): void {
      for (const endpointId of enabledIds) {
        db.insert(webhookDeliveries)
          .values({
            id: `msg_${randomBytes(12).toString('base64url')}`,
            endpointId,
            eventType: 'sale.created',
            payload: JSON.stringify({
              type: 'sale.created',
              timestamp: new Date(now).toISOString(),
              data: sale,
            }),
            status: 'pending',
            nextAttemptAt: now,
            createdAt: now,
          })
          .run();
      }
    },
  };
}

export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;
