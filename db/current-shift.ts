// The shift the till is in, read from any connection to its database: the sync engine reads
// it on its own connection for the status every screen shows, as the CLI reads it from the
// store. The same row db/shifts.ts calls current, with the names of who opened it.
import type { ShiftSummary } from '../domain/shift.js';
import { createCashiers } from './cashiers.js';
import { sql } from './drizzle.js';
import type { TillDatabase } from './open.js';
import { shifts } from './schema.js';
import { CURRENT_SHIFT } from './shifts.js';

export function createCurrentShiftReader(database: TillDatabase): () => ShiftSummary | null {
  const { nameOf } = createCashiers(database);
  const currentRow = database.db.select().from(shifts).where(sql.raw(CURRENT_SHIFT)).prepare();
  return () => {
    const row = currentRow.get();
    if (!row) return null;
    const { id, state, openedAt, openedBy, floatMinor, floatCounted } = row;
    return { id, state, openedAt, openedBy: nameOf(openedBy), floatMinor, floatCounted };
  };
}
