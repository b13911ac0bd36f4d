import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../db/store.js';
import { checked } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1, 9);

let store: Store;
beforeEach(() => {
  store = openStore(join(tempDir(), 'tillsync.db'));
  // Ten sales, one a day; the 3rd and 7th are parked as refused.
  for (let day = 0; day < 10; day++) {
    const result = store.recordSale(checked(), { now: START + day * DAY });
    if (!result.ok) throw new Error(result.error.message);
    if (day === 2 || day === 6) {
      store.database.sqlite
        .prepare(
          `update outbox set state = 'refused', last_error_reason = 'Unknown product' where sale_id = ?`,
        )
        .run(result.value.saleId);
    }
  }
});
afterEach(() => store.close());

function page(filter: Record<string, unknown>) {
  const result = store.listSales(filter);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('reading sales back', () => {
  it('counts sales per state, listing every state', () => {
    expect(store.countByState()).toEqual({
      pending: 8,
      sending: 0,
      synced: 0,
      refused: 2,
      discarded: 0,
      voided: 0,
    });
  });

  it('lists newest first and pages with the receipt cursor until the end', () => {
    const first = page({ limit: 4 });
    expect(first.sales.map((sale) => sale.receiptNumber)).toEqual([10, 9, 8, 7]);
    const second = page({ limit: 4, before: first.nextBefore });
    expect(second.sales.map((sale) => sale.receiptNumber)).toEqual([6, 5, 4, 3]);
    const last = page({ limit: 4, before: second.nextBefore });
    expect(last.sales.map((sale) => sale.receiptNumber)).toEqual([2, 1]);
    expect(last.nextBefore).toBeNull();
  });

  it('filters by state, with the reason for each refused sale', () => {
    const refusedSales = page({ state: 'refused' }).sales;
    expect(
      refusedSales.map((sale) => [sale.receiptNumber, sale.state, sale.lastErrorReason]),
    ).toEqual([
      [7, 'refused', 'Unknown product'],
      [3, 'refused', 'Unknown product'],
    ]);
  });

  it('filters by a date range: from inclusive, to exclusive', () => {
    const range = page({ from: START + 2 * DAY, to: START + 5 * DAY }).sales;
    expect(range.map((sale) => sale.receiptNumber)).toEqual([5, 4, 3]);
  });

  it('refuses a bad filter and names the field', () => {
    const result = store.listSales({ state: 'lost', limit: 0 });
    expect(!result.ok && result.error.fields?.map((field) => field.path)).toEqual([
      '/state',
      '/limit',
    ]);
  });

  it('returns nothing for an unknown sale id', () => {
    expect(store.getSale('no-such-sale')).toBeUndefined();
  });
});
