// The till's local store. Money is always integer minor units (cents); times are
// milliseconds since the Unix epoch (UTC). Nothing here is ever deleted to make a
// problem go away: a rejected sale is parked as refused, a discarded one keeps its row.
import {
  check,
  index,
  integer,
  primaryKey,
  sql,
  sqliteTable,
  text,
  uniqueIndex,
} from './drizzle.js';
import { sqlList } from './sql-list.js';
import { OUTBOX_STATES, type OutboxState } from '../domain/sale-states.js';
import { CONNECTION_STATES } from '../domain/link.js';
import { ATTEMPT_LOG_OUTCOMES } from '../domain/outcomes.js';
import { SENDING_MODES } from '../domain/sync-status.js';

const stateList = sqlList(OUTBOX_STATES);

/** `"state" = 'pending'`: the states typed, so a renamed one fails to compile here too. */
const stateIs = (state: OutboxState, is: '=' | '<>' = '=') => `"state" ${is} '${state}'`;
const stateIn = (...states: OutboxState[]) => `"state" in (${sqlList(states)})`;

/** The rows of each partial index on the outbox, as its queries must also say them. */
export const QUEUE_ROWS = stateIn('pending', 'sending');
export const PENDING_ROWS = stateIs('pending');
export const SENDING_ROWS = stateIs('sending');
export const REFUSED_ROWS = stateIs('refused');
/** Sales that may be on the platform and that nobody has dealt with (a discard deals with one). */
export const UNCERTAIN_ROWS = `"uncertain" = 1 and ${stateIs('discarded', '<>')}`;

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
    /** Cash handed over and change given (CASH sales): kept on the till, never sent. */
    tenderedMinor: integer('tendered_minor'),
    changeMinor: integer('change_minor'),
    /** The shift the sale was made in, fixed then (null: made before shifts existed). */
    shiftId: text('shift_id'),
    /** Who rang it up; null when the till has no cashiers set up. */
    cashierId: text('cashier_id'),
    /**
     * The sale's own discount (domain/discount.ts), as given: a percent in basis points or an
     * amount, its reason, and what it took off (spread over the lines' shares). `total_minor`
     * is what was charged, after every discount; the lines keep their prices before it.
     */
    discountBasisPoints: integer('discount_basis_points'),
    discountAmountMinor: integer('discount_amount_minor'),
    discountReason: text('discount_reason'),
    discountMinor: integer('discount_minor').notNull().default(0),
    /** The manager who allowed a discount above the limit (null: none was needed). */
    discountApprovedBy: text('discount_approved_by'),
  },
  (table) => [
    uniqueIndex('sales_receipt_number_unique').on(table.receiptNumber),
    index('sales_created_at_idx').on(table.createdAt),
    index('sales_shift_idx').on(table.shiftId),
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
    /** Quantity × unit price, before any discount. */
    lineTotalMinor: integer('line_total_minor').notNull(),
    /** The line's own discount as given (basis points or an amount) and its reason. */
    discountBasisPoints: integer('discount_basis_points'),
    discountAmountMinor: integer('discount_amount_minor'),
    discountReason: text('discount_reason'),
    /** What its own discount took off, and its share of the sale's discount. */
    lineDiscountMinor: integer('line_discount_minor').notNull().default(0),
    saleDiscountShareMinor: integer('sale_discount_share_minor').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.saleId, table.lineNumber] }),
    check('sale_items_quantity_positive', sql`${table.quantityMilli} > 0`),
    check('sale_items_price_not_negative', sql`${table.unitPriceMinor} >= 0`),
    check(
      'sale_items_charged_not_negative',
      sql`${table.lineDiscountMinor} >= 0 and ${table.saleDiscountShareMinor} >= 0 and ${table.lineTotalMinor} - ${table.lineDiscountMinor} - ${table.saleDiscountShareMinor} >= 0`,
    ),
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
    /** The sale's id on the platform (the column keeps its first name). */
    platformId: text('platform_id'),
    /** The platform's answer to the send that stored it (the column keeps its first name). */
    platformAnswer: text('platform_answer'),
    syncedAt: integer('synced_at'),
    discardReason: text('discard_reason'),
    /** A void (a person took back a sale never sent): why, when and who (null: no cashiers). */
    voidReason: text('void_reason'),
    voidedAt: integer('voided_at'),
    voidedBy: text('voided_by'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** Fencing: the sender (owner id) and lease epoch that claimed the row for sending. */
    claimOwner: text('claim_owner'),
    claimEpoch: integer('claim_epoch'),
    /** The exact body bound to the idempotency key, frozen before its first send. */
    requestBody: text('request_body'),
    /** Set while a request for this row is on the wire; cleared by the answer. */
    inFlightAt: integer('in_flight_at'),
    /** Attempts of this revision that were sent but never answered. */
    unansweredAttempts: integer('unanswered_attempts').notNull().default(0),
    /** Answers nobody expects (3xx, 501...), counted on their own for the parking cap. */
    unexpectedAttempts: integer('unexpected_attempts').notNull().default(0),
    /** 1: an unanswered attempt may have stored the sale, and nothing proved it stored once. */
    uncertain: integer('uncertain', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [
    uniqueIndex('outbox_idempotency_key_unique').on(table.idempotencyKey),
    index('outbox_uncertain_idx')
      .on(table.saleId)
      .where(sql`${table.uncertain} = 1`),
    // Partial indexes hold only the rows their question is about, so a synced sale (the
    // years of history) is in none of them, and a send touches only the queue's head.
    // Queries repeat the condition word for word (QUEUE_ROWS...): SQLite uses a partial
    // index only for a query that states its WHERE.
    // "Which waiting sale is oldest?": walked in order, so a claim never sorts the backlog.
    index('outbox_queue_idx').on(table.createdAt).where(sql.raw(QUEUE_ROWS)),
    // "When is the next attempt due?"
    index('outbox_due_idx').on(table.nextAttemptAt, table.createdAt).where(sql.raw(PENDING_ROWS)),
    // "Which sales are claimed, and by whom?"
    index('outbox_sending_idx').on(table.claimOwner).where(sql.raw(SENDING_ROWS)),
    // "Which sales did the platform refuse?"
    index('outbox_refused_idx').on(table.saleId).where(sql.raw(REFUSED_ROWS)),
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
    outcome: text('outcome', { enum: ATTEMPT_LOG_OUTCOMES }).notNull(),
    httpStatus: integer('http_status'),
    errorCode: text('error_code'),
    reason: text('reason'),
    // JSON: what was sent for this revision, kept when a person edits a refused sale.
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
    /** What a scanner types: an EAN-13, UPC or shop code; optional, unique when set. */
    barcode: text('barcode'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    index('products_name_idx').on(table.name),
    uniqueIndex('products_barcode_unique')
      .on(table.barcode)
      .where(sql`${table.barcode} is not null`),
  ],
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

/**
 * The sync engine's shared state, one row: which process holds the sending lease, whether
 * the queue is paused for a rejected key, and what happened last. Kept in the database so
 * the app, the daemon and the CLI on one till all see the same thing.
 */
export const syncState = sqliteTable(
  'sync_state',
  {
    id: integer('id').primaryKey(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: integer('lease_expires_at').notNull().default(0),
    connection: text('connection', { enum: CONNECTION_STATES }).notNull().default('checking'),
    /** Why the queue is paused (a 401/403), and a hash of the key that was refused. */
    pausedReason: text('paused_reason'),
    pausedKeyHash: text('paused_key_hash'),
    pausedAt: integer('paused_at'),
    resyncRequestedAt: integer('resync_requested_at').notNull().default(0),
    lastSuccessAt: integer('last_success_at'),
    /** When the platform last answered anything (online means: recently). */
    lastContactAt: integer('last_contact_at'),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    lastErrorAt: integer('last_error_at'),
    /** Server clock minus till clock, when it was more than five minutes off. */
    clockSkewMs: integer('clock_skew_ms'),
    /** Where the last running engine sends: its mode (platform or sandbox) and address. */
    senderMode: text('sender_mode', { enum: SENDING_MODES }),
    senderBaseUrl: text('sender_base_url'),
    /** Incremented each time the lease changes hands: claims and outcomes carry it. */
    leaseEpoch: integer('lease_epoch').notNull().default(0),
    /** When and for which address the platform was seen replaying a stored answer. */
    keysHonouredAt: integer('keys_honoured_at'),
    keysHonouredBaseUrl: text('keys_honoured_base_url'),
    /** The platform asked the whole queue to wait (429/503 Retry-After) until then. */
    throttledUntil: integer('throttled_until'),
    /** The till's wall clock jumped by this much (against the monotonic clock), at that time. */
    clockStepMs: integer('clock_step_ms'),
    clockStepAt: integer('clock_step_at'),
    /** The sync engine's own storage failed (disk full, busy, read-only): what and when. */
    storageError: text('storage_error'),
    storageErrorAt: integer('storage_error_at'),
    /** The last full integrity check (weekly, in the background) and what it found. */
    integrityCheckedAt: integer('integrity_checked_at'),
    integrityProblem: text('integrity_problem'),
    updatedAt: integer('updated_at').notNull().default(0),
  },
  () => [check('sync_state_single_row', sql`id = 1`)],
);

/** Yearly archive files of old synced sales (db/archive.ts): what each holds. */
export const archives = sqliteTable('archives', {
  /** The UTC year of the sales' creation. */
  year: integer('year').primaryKey(),
  /** File name in <data>/archive. */
  file: text('file').notNull(),
  sales: integer('sales').notNull().default(0),
  /** The highest receipt number moved there: receipt numbers never start again. */
  maxReceipt: integer('max_receipt').notNull().default(0),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * Sales per outbox state, kept by triggers on the outbox (migration 0007), so counts cost
 * the same with a million sales as with ten.
 */
export const outboxCounts = sqliteTable('outbox_counts', {
  state: text('state', { enum: OUTBOX_STATES }).primaryKey(),
  count: integer('count').notNull().default(0),
});

// The trading day's tables (shifts, drawer entries, cashiers) and returns, declared beside these.
export { cashiers, drawerEntries, shifts } from './schema-trading.js';
export { returnItems, returns } from './schema-returns.js';
export { carts } from './schema-counter.js';
export { printJobs } from './schema-printing.js';
