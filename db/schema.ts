// The till's local store. Money is always integer minor units (cents); times are
// milliseconds since the Unix epoch (UTC). Nothing here is ever deleted to make a
// problem go away: a rejected sale is parked as a conflict, a discarded one keeps its row.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

export const OUTBOX_STATES = ['pending', 'sending', 'synced', 'conflict', 'discarded'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

const stateList = OUTBOX_STATES.map((state) => `'${state}'`).join(', ');

export const sales = sqliteTable(
  'sales',
  {
    id: text('id').primaryKey(),
    receiptNumber: integer('receipt_number').notNull(),
    createdAt: integer('created_at').notNull(),
    shopId: text('shop_id'),
    customerId: text('customer_id'),
    paymentMethod: text('payment_method').notNull(),
    currency: text('currency').notNull(),
    totalMinor: integer('total_minor').notNull(),
  },
  (table) => [
    uniqueIndex('sales_receipt_number_unique').on(table.receiptNumber),
    index('sales_created_at_idx').on(table.createdAt),
    check('sales_total_not_negative', sql`${table.totalMinor} >= 0`),
  ],
);

export const saleItems = sqliteTable(
  'sale_items',
  {
    saleId: text('sale_id')
      .notNull()
      .references(() => sales.id),
    lineNumber: integer('line_number').notNull(),
    productId: text('product_id').notNull(),
    // Exact quantity in thousandths (grams for goods sold by the kilo); see db/money.ts.
    quantityMilli: integer('quantity_milli').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    lineTotalMinor: integer('line_total_minor').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.saleId, table.lineNumber] }),
    check('sale_items_quantity_positive', sql`${table.quantityMilli} > 0`),
    check('sale_items_price_not_negative', sql`${table.unitPriceMinor} >= 0`),
  ],
);

export const outbox = sqliteTable(
  'outbox',
  {
    saleId: text('sale_id')
      .primaryKey()
      .references(() => sales.id),
    idempotencyKey: text('idempotency_key').notNull(),
    revision: integer('revision').notNull().default(1),
    state: text('state', { enum: OUTBOX_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at'),
    lastHttpStatus: integer('last_http_status'),
    lastErrorCode: text('last_error_code'),
    lastErrorReason: text('last_error_reason'),
    remoteId: text('remote_id'),
    remoteBody: text('remote_body'),
    syncedAt: integer('synced_at'),
    discardReason: text('discard_reason'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('outbox_idempotency_key_unique').on(table.idempotencyKey),
    // The sync engine asks "which sales are due, oldest first".
    index('outbox_state_due_idx').on(table.state, table.nextAttemptAt, table.createdAt),
    check('outbox_state_valid', sql.raw(`"state" in (${stateList})`)),
  ],
);

export const syncAttempts = sqliteTable(
  'sync_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    saleId: text('sale_id')
      .notNull()
      .references(() => sales.id),
    revision: integer('revision').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    startedAt: integer('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    outcome: text('outcome').notNull(),
    httpStatus: integer('http_status'),
    errorCode: text('error_code'),
    reason: text('reason'),
    // JSON: what was sent for this revision, kept when a person edits a conflict.
    detail: text('detail'),
  },
  (table) => [index('sync_attempts_sale_idx').on(table.saleId, table.startedAt)],
);

export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    priceMinor: integer('price_minor').notNull(),
    category: text('category'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('products_name_idx').on(table.name)],
);

export const customers = sqliteTable(
  'customers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('customers_name_idx').on(table.name)],
);

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  // JSON text; each key has a zod schema in db/settings.ts.
  value: text('value').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
