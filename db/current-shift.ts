// The shift the till is in, read from any connection to its database: the store's shifts
// (db/shifts.ts) and the sync engine, on its own connection for the status every screen
// shows, both read it here, so the two can never name it differently.
import type { ShiftSummary } from '../domain/shift.js';
import type { AppError } from '../domain/result.js';
import type { Cashiers } from './cashiers.js';
import { createCashiers } from './cashiers.js';
import { sql } from './drizzle.js';
import type { TillDatabase } from './open.js';
import { shifts } from './schema.js';
import { said } from '../domain/i18n/said.js';

/** The rows of the one-current-shift index: a query must say it to use it. */
export const CURRENT_SHIFT = `"state" <> 'closed'`;

export type ShiftRow = typeof shifts.$inferSelect;

/** Who does something, and when. */
export interface Act {
  cashierId: string | null;
  now: number;
}

export const NO_SHIFT: AppError = {
  code: 'no_shift',
  ...said('store.noShift'),
};

export function createCurrentShift(
  database: TillDatabase,
  nameOf: Cashiers['nameOf'] = createCashiers(database).nameOf,
) {
  const currentRow = database.db.select().from(shifts).where(sql.raw(CURRENT_SHIFT)).prepare();

  /** A shift as a screen shows it: with the name of who opened it. */
  const summaryOf = (row: ShiftRow): ShiftSummary => ({
    id: row.id,
    state: row.state,
    openedAt: row.openedAt,
    openedBy: nameOf(row.openedBy),
    floatMinor: row.floatMinor,
    floatCounted: row.floatCounted,
  });

  return {
    /** The current shift's row, or undefined when none is open. */
    row: (): ShiftRow | undefined => currentRow.get(),
    summaryOf,
    /** The shift the till is in, or null when none is open. */
    current: (): ShiftSummary | null => {
      const row = currentRow.get();
      return row ? summaryOf(row) : null;
    },
  };
}
