// The sandbox platform's own store. Times are ms since the epoch; money is minor units.
import { index, integer, sql, sqliteTable, text, uniqueIndex } from '../../db/drizzle.js';

export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const shops = sqliteTable('shops', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
});

export const products = sqliteTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  priceMinor: integer('price_minor').notNull(),
  category: text('category').notNull(),
  barcode: text('barcode'),
});

export const customers = sqliteTable('customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  phone: text('phone'),
});

export const sales = sqliteTable(
  'sales',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    createdAt: integer('created_at').notNull(),
    /** The `sub` of the key that created it: idempotency keys are scoped to it. */
    keySubject: text('key_subject').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the canonical request body, to refuse a key reused with another body. */
    requestFingerprint: text('request_fingerprint').notNull(),
    /** The exact JSON answered with 201, replayed for a repeated idempotency key. */
    body: text('body').notNull(),
  },
  (table) => [
    uniqueIndex('sales_id_unique').on(table.id),
    // A key is unique forever, not for a retention window: no retry can make a second sale.
    uniqueIndex('sales_idempotency_unique')
      .on(table.keySubject, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('sales_shop_idx').on(table.shopId, table.seq),
  ],
);

export const revokedKeys = sqliteTable('revoked_keys', {
  jti: text('jti').primaryKey(),
  revokedAt: integer('revoked_at').notNull(),
});

/**
 * A webhook endpoint and its queue: the events after `deliveredThrough` in webhook_events,
 * sent one at a time in order; `failures` in a row put it in backoff until `nextAttemptAt`.
 */
export const webhookEndpoints = sqliteTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  events: text('events').notNull(),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull(),
  disabledReason: text('disabled_reason'),
  createdAt: integer('created_at').notNull(),
  /** The seq of the last event delivered (or dropped) for this endpoint. */
  deliveredThrough: integer('delivered_through').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  /** Events lost to the queue's bound before they could be delivered. */
  dropped: integer('dropped').notNull().default(0),
  /** Failed attempts in a row; 0 once one succeeds. */
  failures: integer('failures').notNull().default(0),
  nextAttemptAt: integer('next_attempt_at'),
  lastError: text('last_error'),
  disabledAt: integer('disabled_at'),
});

/**
 * Events for webhooks, kept once however many endpoints wait for them, and only the newest
 * (a bound on count and bytes): the queues of every endpoint are windows on this log.
 */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    /** The payload's UTF-8 length, and the running sum of every event's up to this one. */
    bytes: integer('bytes').notNull(),
    totalBytes: integer('total_bytes').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('webhook_events_total_bytes_idx').on(table.totalBytes)],
);
