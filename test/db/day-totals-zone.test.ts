// A till in Berlin: its days follow the time-zone setting, not the zone of the process that
// reads them (the tests run in whatever zone the machine has; often UTC).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../db/store.js';
import { checked, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const at = (iso: string) => Date.parse(iso);
// 2026-10-25 in Berlin: 00:00 CEST (22:00 UTC the day before) to 00:00 CET (23:00 UTC), 25 h.
const START = at('2026-10-24T22:00:00Z');
const END = at('2026-10-25T23:00:00Z');

let store: Store;
beforeEach(() => {
  store = openStore(join(tempDir(), 'tillsync.db'));
  const set = store.settings.update({ timeZone: 'Europe/Berlin' });
  if (!set.ok) throw new Error(set.error.message);
});
afterEach(() => store.close());

/** A sale of `cents` (one line) charged at `now`; its receipt number. */
function sell(cents: number, now: number): number {
  const input = validSale({
    items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: cents }],
  });
  const result = store.recordSale(checked(input), { now });
  if (!result.ok) throw new Error(result.error.message);
  return result.value.receiptNumber;
}

describe("a day in the till's time zone", () => {
  it('counts every sale of the 25 hours of the night clocks go back, and none either side', () => {
    const lastOfDayBefore = sell(1, START - 1);
    const inDay = [
      sell(10, START), // 00:00 CEST
      sell(20, at('2026-10-25T00:30:00Z')), // 02:30 CEST
      sell(40, at('2026-10-25T01:30:00Z')), // 02:30 CET, an hour later
      sell(80, at('2026-10-25T22:30:00Z')), // 23:30 CET: already the 26th in UTC
      sell(160, END - 1),
    ];
    const firstOfDayAfter = sell(1000, END);

    const day = store.dayTotals('2026-10-25')!;
    expect(day).toMatchObject({
      date: '2026-10-25',
      timeZone: 'Europe/Berlin',
      from: START,
      to: END,
      sales: { count: 5, totalMinor: 310 },
      cashExpectedMinor: 310,
    });
    expect((day.to - day.from) / 3_600_000).toBe(25);
    expect(store.dayTotals('2026-10-24')!.sales).toEqual({ count: 1, totalMinor: 1 });
    expect(store.dayTotals('2026-10-26')!.sales).toEqual({ count: 1, totalMinor: 1000 });

    // A return's search by day finds the same sales, newest first.
    const found = store.searchSalesForReturn({ day: '2026-10-25' });
    expect(found.ok && found.value.map((sale) => sale.receiptNumber)).toEqual([...inDay].reverse());
    const before = store.searchSalesForReturn({ day: '2026-10-24' });
    expect(before.ok && before.value.map((sale) => sale.receiptNumber)).toEqual([lastOfDayBefore]);
    const after = store.searchSalesForReturn({ day: '2026-10-26' });
    expect(after.ok && after.value.map((sale) => sale.receiptNumber)).toEqual([firstOfDayAfter]);
  });

  it('gives the night clocks go forward 23 hours, and moves with the setting', () => {
    sell(10, at('2026-03-28T23:30:00Z')); // 00:30 on the 29th in Berlin, the 28th in UTC
    sell(20, at('2026-03-29T21:59:59.999Z')); // 23:59:59.999 CEST
    sell(40, at('2026-03-29T22:00:00Z')); // the 30th in Berlin
    const day = store.dayTotals('2026-03-29')!;
    expect((day.to - day.from) / 3_600_000).toBe(23);
    expect(day.sales).toEqual({ count: 2, totalMinor: 30 });

    store.settings.update({ timeZone: 'UTC' });
    expect(store.dayTotals('2026-03-29')).toMatchObject({
      timeZone: 'UTC',
      from: at('2026-03-29T00:00:00Z'),
      sales: { count: 2, totalMinor: 60 },
    });
  });
});
