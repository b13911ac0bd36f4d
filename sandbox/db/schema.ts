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

export const webhookEndpoints = sqliteTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  events: text('events').notNull(),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull(),
  disabledReason: text('disabled_reason'),
  createdAt: integer('created_at').notNull(),
});

export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'cancelled'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    deliveredAt: integer('delivered_at'),
  },
  (table) => [index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt)],
);
