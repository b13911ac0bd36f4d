// A till for the trading day's store tests: a fresh store taking three payment methods,
// a sale rung up at a given time, and the rows a refused input must leave as they were.
import { join } from 'node:path';
import { openStore, type Store } from '../../db/store.js';
import { checked, validSale } from './sales.js';
import { tempDir } from './temp-dir.js';

export const NOW = Date.UTC(2026, 10, 21, 8);
export const act = (now = NOW) => ({ cashierId: null, now });

export function freshStore(): Store {
  const store = openStore(join(tempDir(), 'tillsync.db'));
  store.settings.update({ paymentMethods: ['CASH', 'MOBILE_MONEY', 'CARD'] });
  return store;
}

/** Rows of the trading day's tables: a refused input must leave them as they were. */
export function tradingRows(store: Store) {
  const count = (table: string) =>
    store.database.sqlite.prepare(`select count(*) from ${table}`).pluck().get() as number;
  return {
    shifts: count('shifts'),
    drawerEntries: count('drawer_entries'),
    sales: count('sales'),
    shiftRows: store.database.sqlite.prepare('select * from shifts order by opened_at').all(),
  };
}

export function sell(store: Store, now: number, overrides: Parameters<typeof validSale>[0] = {}) {
  const result = store.recordSale(checked(validSale(overrides)), { now });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
