// A Z report printed again a year later, after its sales moved to the archive and the till
// was restarted, is the same file as the first time: text, CSV and PDF, byte for byte.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveSales, keepFrom } from '../../db/archive.js';
import { openStore, type Store } from '../../db/store.js';
import type { ReceiptWidth } from '../../domain/sale-states.js';
import type { ShiftReport } from '../../domain/shift.js';
import { exportShiftReport, type ReportFormat } from '../../main/trading/report-export.js';
import { checked } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const HOUR = 3_600_000;
const OPENED = Date.UTC(2025, 2, 5, 8);
const A_YEAR_LATER = Date.UTC(2026, 5, 5, 12);

function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A day on a till with two cashiers: sales of every method, drawer entries, a counted close. */
function tradingDay(store: Store): ShiftReport {
  must(
    store.settings.update({
      shopName: 'Kiosk Mama Njeri',
      tillName: 'Front till',
      paymentMethods: ['CASH', 'MOBILE_MONEY', 'CARD'],
    }),
  );
  const bob = must(store.cashiers.add({ name: 'Bob', pin: '9371', role: 'manager' }, OPENED)).id;
  const ann = must(store.cashiers.add({ name: 'Ann', pin: '4826' }, OPENED)).id;
  must(store.shifts.open({ floatMinor: 10_000 }, { cashierId: ann, now: OPENED }));
  const sell = (
    at: number,
    cashierId: string,
    paymentMethod: string,
    cents: number,
    tendered?: number,
  ) =>
    must(
      store.recordSale(
        checked({
          items: [{ productId: 'prod_tea', quantity: 1, unitPriceMinor: cents }],
          paymentMethod,
          ...(tendered === undefined ? {} : { tenderedMinor: tendered }),
        }),
        { now: at, cashierId },
      ),
    );
  sell(OPENED + HOUR, ann, 'CASH', 1_250, 2_000);
  sell(OPENED + 2 * HOUR, ann, 'MOBILE_MONEY', 4_500);
  sell(OPENED + 3 * HOUR, bob, 'CASH', 730);
  sell(OPENED + 4 * HOUR, bob, 'CARD', 9_999);
  const act = (cashierId: string, hours: number) => ({ cashierId, now: OPENED + hours * HOUR });
  must(
    store.shifts.addEntry(
      { kind: 'cash_in', amountMinor: 2_000, reason: 'Coins from the bank' },
      act(ann, 1.5),
    ),
  );
  must(
    store.shifts.addEntry(
      { kind: 'cash_out', amountMinor: 800, reason: 'Milk, paid in cash' },
      act(bob, 2.5),
    ),
  );
  must(
    store.shifts.addEntry(
      { kind: 'safe_drop', amountMinor: 5_000, reason: 'Midday drop' },
      act(bob, 3.5),
    ),
  );
  must(store.shifts.addEntry({ kind: 'no_sale', reason: 'Change for a customer' }, act(ann, 4.5)));
  return must(
    store.shifts.close(
      {
        count: {
          denominations: [
            { valueMinor: 5_000, count: 1 },
            { valueMinor: 1_000, count: 3 },
            { valueMinor: 100, count: 1 },
            { valueMinor: 5, count: 14 },
          ],
        },
        note: 'Short by ten cents',
      },
      act(bob, 9),
    ),
  );
}

type Files = Record<string, string>;
const FORMATS: ReportFormat[] = ['text', 'csv', 'pdf'];
const WIDTHS: ReceiptWidth[] = ['80mm', '58mm'];

/** Every file Z report `number` exports to: each format on each paper width. */
function exportsOf(store: Store, number: number): Files {
  const files: Files = {};
  const report = must(store.shifts.zReport(number));
  for (const width of WIDTHS)
    for (const format of FORMATS) {
      const file = exportShiftReport(report, format, width, { timeZone: 'Africa/Nairobi' });
      files[`${width} ${file.fileName}`] = file.content;
    }
  return files;
}

describe('a Z report shown again', () => {
  it('is byte-identical after its sales were archived and the till restarted', async () => {
    const file = join(tempDir(), 'tillsync.db');
    let store = openStore(file);
    const z = tradingDay(store);
    expect(z).toMatchObject({
      number: 1,
      cashSalesMinor: 1_980,
      expectedMinor: 10_000 + 1_980 + 2_000 - 800 - 5_000,
      countedMinor: 8_170,
      differenceMinor: -10,
      firstReceipt: 1,
      lastReceipt: 4,
    });
    const first = exportsOf(store, 1);
    expect(Object.keys(first).sort()).toEqual([
      '58mm z-report-1.csv',
      '58mm z-report-1.pdf',
      '58mm z-report-1.txt',
      '80mm z-report-1.csv',
      '80mm z-report-1.pdf',
      '80mm z-report-1.txt',
    ]);
    // The figures are on the paper, in the till's time (Nairobi, UTC+3).
    expect(first['80mm z-report-1.txt']).toMatch(/Opened +2025-03-05 11:00\n/);
    expect(first['80mm z-report-1.txt']).toMatch(/= Expected in the drawer +\$81\.80\n/);
    expect(first['80mm z-report-1.txt']).toMatch(/Short +\$0\.10\n/);
    expect(first['80mm z-report-1.txt']).toMatch(/14 × \$0\.05 = +\$0\.70\n/);

    // A year on, the sales reached the platform and moved to the archive.
    store.database.sqlite.prepare(`update outbox set state = 'synced'`).run();
    const moved = await archiveSales(store.database, keepFrom(A_YEAR_LATER, 13));
    expect(moved).toBe(4);
    expect(store.database.sqlite.prepare('select count(*) from sales').pluck().get()).toBe(0);
    expect(exportsOf(store, 1)).toEqual(first);

    // And after a restart, reading the frozen report from the file again.
    store.close();
    store = openStore(file);
    const again = exportsOf(store, 1);
    for (const name of Object.keys(first))
      expect(Buffer.from(again[name]!).equals(Buffer.from(first[name]!)), name).toBe(true);
    store.close();
  });
});
