// Returns (domain/returns.ts), re-exported by db/schema.ts, which drizzle-kit reads. A return
// names its original sale by id and receipt number without a foreign key: the sale may have
// moved to an archive file. Returns never move to the archives and are never changed, but
// for their delivery to the platform (triggers in migration 0014).
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
import { RETURN_DELIVERY_STATES } from '../domain/returns.js';
import { sqlList } from './sql-list.js';

export const returns = sqliteTable(
  'returns',
  {
    id: text('id').primaryKey(),
    /** R1, R2...: its own sequence, never reused. */
    returnNumber: integer('return_number').notNull(),
    saleId: text('sale_id').notNull(),
    saleReceiptNumber: integer('sale_receipt_number').notNull(),
    createdAt: integer('created_at').notNull(),
    currency: text('currency').notNull(),
    /** What was refunded, in minor units. */
    totalMinor: integer('total_minor').notNull(),
    /** The payment method the money went back by: the sale's own, or CASH (out of the drawer). */
    refundPaymentMethod: text('refund_payment_method').notNull(),
    reason: text('reason').notNull(),
    /** The shift it was made in (it takes its cash refund out of that drawer). */
    shiftId: text('shift_id'),
    cashierId: text('cashier_id'),
    approvedBy: text('approved_by'),
    delivery: text('delivery', { enum: RETURN_DELIVERY_STATES }).notNull().default('not_sent'),
    deliveryNote: text('delivery_note'),
  },
  (table) => [
    uniqueIndex('returns_number_unique').on(table.returnNumber),
    index('returns_sale_idx').on(table.saleId),
    index('returns_created_at_idx').on(table.createdAt),
    index('returns_shift_idx').on(table.shiftId),
    check('returns_total_not_negative', sql`${table.totalMinor} >= 0`),
    check('returns_delivery_valid', sql.raw(`"delivery" in (${sqlList(RETURN_DELIVERY_STATES)})`)),
  ],
);

export const returnItems = sqliteTable(
  'return_items',
  {
    returnId: text('return_id')
      .notNull()
      .references(() => returns.id),
    lineNumber: integer('line_number').notNull(),
    /** The original sale's line this brings back. */
    saleLineNumber: integer('sale_line_number').notNull(),
    productId: text('product_id').notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    refundMinor: integer('refund_minor').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.returnId, table.lineNumber] }),
    check('return_items_quantity_positive', sql`${table.quantityMilli} > 0`),
    check('return_items_refund_not_negative', sql`${table.refundMinor} >= 0`),
  ],
);
