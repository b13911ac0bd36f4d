// The trading day's tables: cashiers, shifts and the drawer's entries (re-exported by
// db/schema.ts, which drizzle-kit reads). A sale names its shift and cashier in its own row.
import { check, index, integer, sql, sqliteTable, text, uniqueIndex } from './drizzle.js';
import { DRAWER_ENTRY_KINDS, SHIFT_STATES } from '../domain/shift.js';
import { CASHIER_ROLES } from '../domain/cashier.js';
import { sqlList } from './sql-list.js';

/** Named cashiers and managers; the PIN only as a slow salted hash (db/cashiers.ts). */
export const cashiers = sqliteTable(
  'cashiers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    role: text('role', { enum: CASHIER_ROLES }).notNull(),
    pinHash: text('pin_hash').notNull(),
    failedPins: integer('failed_pins').notNull().default(0),
    /** When the last run of wrong PINs locked the cashier (wall time; a step back unlocks). */
    lockedAt: integer('locked_at'),
    createdAt: integer('created_at').notNull(),
    /** Removed cashiers keep their row: past sales and shifts still name them. */
    removedAt: integer('removed_at'),
  },
  (table) => [
    uniqueIndex('cashiers_active_name')
      .on(sql`lower(${table.name})`)
      .where(sql`${table.removedAt} is null`),
    check('cashiers_role_valid', sql.raw(`"role" in (${sqlList(CASHIER_ROLES)})`)),
  ],
);

/**
 * Shifts of this till: open → closing → closed, at most one not closed. A closed shift is
 * locked by triggers (migration 0012): its row, its sales' shift and its drawer entries never
 * change again, and its Z report (frozen JSON) is shown the same way forever.
 */
export const shifts = sqliteTable(
  'shifts',
  {
    id: text('id').primaryKey(),
    state: text('state', { enum: SHIFT_STATES }).notNull(),
    openedAt: integer('opened_at').notNull(),
    openedBy: text('opened_by'),
    /** The counted float; 0 with float_counted = 0 when a sale opened the shift by itself. */
    floatMinor: integer('float_minor').notNull(),
    floatCounted: integer('float_counted', { mode: 'boolean' }).notNull(),
    closedAt: integer('closed_at'),
    closedBy: text('closed_by'),
    /** Z1, Z2...: given at the close, in order, never reused. */
    zNumber: integer('z_number'),
    countedMinor: integer('counted_minor'),
    /** The Z report as made at the close (domain/shift.ts shiftReport). */
    zReport: text('z_report'),
  },
  (table) => [
    uniqueIndex('shifts_one_current')
      .on(sql`1`)
      .where(sql.raw(`"state" <> 'closed'`)),
    uniqueIndex('shifts_z_number_unique').on(table.zNumber),
    check('shifts_state_valid', sql.raw(`"state" in (${sqlList(SHIFT_STATES)})`)),
    check('shifts_float_not_negative', sql`${table.floatMinor} >= 0`),
  ],
);

/** Cash in and out of the drawer besides sales, and "no sale" openings; never changed. */
export const drawerEntries = sqliteTable(
  'drawer_entries',
  {
    id: text('id').primaryKey(),
    shiftId: text('shift_id')
      .notNull()
      .references(() => shifts.id),
    kind: text('kind', { enum: DRAWER_ENTRY_KINDS as [string, ...string[]] }).notNull(),
    /** Signed: what the entry did to the cash expected (domain/shift.ts signedAmount). */
    amountMinor: integer('amount_minor').notNull(),
    reason: text('reason').notNull(),
    cashierId: text('cashier_id'),
    createdAt: integer('created_at').notNull(),
    /** A correction names the sale it corrects (in a shift already closed). */
    correctsSaleId: text('corrects_sale_id'),
  },
  (table) => [
    index('drawer_entries_shift_idx').on(table.shiftId),
    check('drawer_entries_kind_valid', sql.raw(`"kind" in (${sqlList(DRAWER_ENTRY_KINDS)})`)),
  ],
);
