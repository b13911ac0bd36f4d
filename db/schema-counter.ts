// The counter's table (re-exported by db/schema.ts, which drizzle-kit reads).
import { check, integer, sql, sqliteTable, text, uniqueIndex } from './drizzle.js';
import { CART_STATES } from '../domain/cart.js';
import { sqlList } from './sql-list.js';

/**
 * Carts at the counter not charged yet: the open one (at most one) and those held to be
 * recalled. Saved on every change so nothing a cashier rang up is lost to a reload, a crash
 * or a restart; never sent anywhere. `content` is the cart as JSON (domain/cart.ts).
 */
export const carts = sqliteTable(
  'carts',
  {
    id: text('id').primaryKey(),
    state: text('state', { enum: CART_STATES }).notNull(),
    note: text('note'),
    content: text('content').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    heldAt: integer('held_at'),
  },
  (table) => [
    uniqueIndex('carts_one_open')
      .on(table.state)
      .where(sql`${table.state} = 'open'`),
    check('carts_state_valid', sql.raw(`"state" in (${sqlList(CART_STATES)})`)),
  ],
);
