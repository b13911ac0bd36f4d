// The events waiting for webhook endpoints, kept once: each endpoint's queue is the part of
// this log after its own position. Only the newest events are kept, within QUEUE_BOUND's
// count and bytes, so the file holds the same whatever the number of endpoints behind.
import { randomBytes } from 'node:crypto';
import { asc, desc, gt, lte, max, sql } from '../../db/drizzle.js';
import type { SandboxDb } from '../db/open.js';
import { webhookEvents } from '../db/schema.js';
import type { QueueBound } from './policy.js';

export interface LoggedEvent {
  seq: number;
  id: string;
  payload: string;
}

export function createWebhookEventLog(db: SandboxDb, bound: QueueBound) {
  const newestRow = db
    .select({ seq: webhookEvents.seq, totalBytes: webhookEvents.totalBytes })
    .from(webhookEvents)
    .orderBy(desc(webhookEvents.seq))
    .limit(1)
    .prepare();
  const insert = db
    .insert(webhookEvents)
    .values({
      id: sql.placeholder('id'),
      type: sql.placeholder('type'),
      payload: sql.placeholder('payload'),
      bytes: sql.placeholder('bytes'),
      totalBytes: sql.placeholder('totalBytes'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning({ seq: webhookEvents.seq })
    .prepare();
  const lastWithin = db
    .select({ seq: max(webhookEvents.seq) })
    .from(webhookEvents)
    .where(lte(webhookEvents.totalBytes, sql.placeholder('totalBytes')))
    .prepare();
  const deleteThrough = db
    .delete(webhookEvents)
    .where(lte(webhookEvents.seq, sql.placeholder('seq')))
    .prepare();
  const nextAfter = db
    .select({ seq: webhookEvents.seq, id: webhookEvents.id, payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(gt(webhookEvents.seq, sql.placeholder('after')))
    .orderBy(asc(webhookEvents.seq))
    .limit(sql.placeholder('limit'))
    .prepare();
  const window = db
    .select({
      oldest: sql<number | null>`min(${webhookEvents.seq})`,
      newest: max(webhookEvents.seq),
    })
    .from(webhookEvents)
    .prepare();
  const countAfter = db
    .select({ n: sql<number>`count(*)` })
    .from(webhookEvents)
    .where(gt(webhookEvents.seq, sql.placeholder('after')))
    .prepare();

  return {
    /**
     * Adds an event (inside the caller's transaction) and drops the oldest past the bound.
     * The newest event is always kept, even one larger than the byte bound.
     */
    append(type: string, payload: string, now: number): number {
      const bytes = Buffer.byteLength(payload);
      const totalBytes = (newestRow.get()?.totalBytes ?? 0) + bytes;
      const id = `msg_${randomBytes(12).toString('base64url')}`;
      const { seq } = insert.get({ id, type, payload, bytes, totalBytes, createdAt: now });
      const overCount = seq - bound.maxEvents;
      const overBytes = lastWithin.get({ totalBytes: totalBytes - bound.maxBytes })?.seq ?? 0;
      const through = Math.min(seq - 1, Math.max(overCount, overBytes));
      if (through > 0) deleteThrough.run({ seq: through });
      return seq;
    },
    /** The first `limit` events after a position, oldest first. */
    next: (after: number, limit: number): LoggedEvent[] => nextAfter.all({ after, limit }),
    /**
     * The seq of the newest event ever logged: where a new endpoint starts. Seqs are never
     * reused (AUTOINCREMENT) and only the oldest rows are deleted, so they run without gaps.
     */
    newest: (): number => window.get()?.newest ?? 0,
    /** What waits after a position, and how many events before the log's start it lost. */
    queueAfter(position: number): { pending: number; lost: number } {
      const { oldest } = window.get() ?? {};
      const pending = countAfter.get({ after: position })?.n ?? 0;
      return { pending, lost: oldest ? Math.max(0, oldest - 1 - position) : 0 };
    },
  };
}

export type WebhookEventLog = ReturnType<typeof createWebhookEventLog>;
