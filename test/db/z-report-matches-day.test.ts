// The Z report of a shift opened and closed within one day says what `tillsync day` and
// `tillsync export` say of that day: the same sales, the same totals by payment method, the
// same cash, the same waiting, refused and discarded. The real CLI reads the same data dir.
import { describe, expect, it } from 'vitest';
import { localDay } from '../helpers/days.js';
import { openStore, type Store } from '../../db/store.js';
import type { NewSaleInput } from '../../domain/new-sale.js';
import type { ShiftReport } from '../../domain/shift.js';
import { runCli } from '../helpers/cli.js';
import { configurePlatform } from '../helpers/platform-till.js';
import { checked, corrected, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const DAY = '2026-11-21';
const HOUR = 3_600_000;

interface ExportedSale {
  receiptNumber: number;
  paymentMethod: string;
  total: number;
  state: string;
}

/** A day of trading: a shift from 08:00 to 20:00, with a shift the day before and a sale the day after. */
function tradingDay(store: Store): ShiftReport {
  const { from, to } = localDay(DAY)!;
  const act = (now: number) => ({ cashierId: null, now });
  const sell = (input: NewSaleInput, now: number, state?: string) => {
    const result = store.recordSale(checked(input), { now });
    if (!result.ok) throw new Error(result.error.message);
    if (state)
      store.database.sqlite
        .prepare('update outbox set state = ? where sale_id = ?')
        .run(state, result.value.saleId);
    return result.value.saleId;
  };
  store.settings.update({ paymentMethods: ['CASH', 'MOBILE_MONEY', 'CARD'] });
  // The day before: a shift of its own, closed before midnight.
  sell(validSale(), from - 5 * HOUR, 'synced');
  store.shifts.close({ count: { countedMinor: 450 } }, act(from - 4 * HOUR));

  store.shifts.open({ floatMinor: 10_000 }, act(from + 8 * HOUR));
  let at = from + 8 * HOUR;
  const next = () => (at += 7 * 60_000);
  sell(validSale({ tenderedMinor: 2_000 }), next(), 'synced'); // 4.50, change 15.50
  sell(validSale({ paymentMethod: 'CARD' }), next(), 'synced');
  sell(validSale({ paymentMethod: 'MOBILE_MONEY' }), next()); // waiting
  sell(validSale({ tenderedMinor: 500 }), next(), 'sending'); // waiting, on the wire
  sell(validSale(), next(), 'refused');
  const twice = sell(validSale({ tenderedMinor: 1_000 }), next(), 'refused');
  expect(store.discardRefused(twice, { reason: 'rung up twice' }, next()).ok).toBe(true);
  const fixed = sell(validSale({ paymentMethod: 'CARD' }), next(), 'refused');
  const edit = store.editRefused(
    fixed,
    corrected({ ...validSale(), paymentMethod: 'MOBILE_MONEY' }),
    {
      now: next(),
    },
  );
  expect(edit.ok).toBe(true);
  store.shifts.addEntry({ kind: 'cash_in', amountMinor: 2_000, reason: 'coins' }, act(next()));
  store.shifts.addEntry({ kind: 'safe_drop', amountMinor: 5_000, reason: 'safe' }, act(next()));
  sell(
    {
      items: [{ productId: 'prod_cheese', quantity: 0.347, unitPriceMinor: 1_899 }],
      paymentMethod: 'CASH',
    },
    next(),
  );
  const closed = store.shifts.close(
    { count: { countedMinor: 10_000 + 2_000 - 5_000 + 450 * 3 + 659 }, note: '' },
    act(from + 20 * HOUR),
  );
  if (!closed.ok) throw new Error(closed.error.message);
  // The day after: a sale that opens the next shift by itself.
  sell(validSale(), to + HOUR);
  return closed.value;
}

describe('the Z report of a day', () => {
  it('equals `tillsync day --json` and the export of the same day', async () => {
    const dataDir = tempDir();
    const file = await configurePlatform(dataDir);
    const store = openStore(file);
    const z = tradingDay(store);
    store.close();
    expect(z).toMatchObject({ number: 2, differenceMinor: 0, cashSalesMinor: 450 * 3 + 659 });
    const env = { TILLSYNC_DATA_DIR: dataDir };

    const dayRun = await runCli(['day', '--date', DAY, '--json'], { env });
    expect(dayRun.code, dayRun.stderr).toBe(0);
    const day = JSON.parse(dayRun.stdout) as Record<string, unknown>;
    expect(day.sales).toEqual(z.sales);
    expect(day.byPaymentMethod).toEqual(z.byPaymentMethod);
    expect(day.cashExpectedMinor).toBe(z.cashSalesMinor);
    expect(day.waiting).toEqual(z.waiting);
    expect(day.refused).toEqual(z.refused);
    expect(day.discarded).toEqual(z.discarded);

    const exportRun = await runCli(['export', '--from', DAY, '--to', DAY, '--format', 'json'], {
      env,
    });
    expect(exportRun.code, exportRun.stderr).toBe(0);
    const sales = (JSON.parse(exportRun.stdout) as { sales: ExportedSale[] }).sales;
    const amount = (chosen: ExportedSale[]) => ({
      count: chosen.length,
      totalMinor: chosen.reduce((sum, sale) => sum + Math.round(sale.total * 100), 0),
    });
    const kept = sales.filter((sale) => sale.state !== 'discarded');
    expect(amount(kept)).toEqual(z.sales);
    expect(amount(sales.filter((sale) => sale.state === 'discarded'))).toEqual(z.discarded);
    expect(amount(sales.filter((sale) => sale.state === 'refused'))).toEqual(z.refused);
    expect(amount(sales.filter((sale) => ['pending', 'sending'].includes(sale.state)))).toEqual(
      z.waiting,
    );
    const methods = [...new Set(kept.map((sale) => sale.paymentMethod))].sort();
    expect(
      methods.map((paymentMethod) => ({
        paymentMethod,
        ...amount(kept.filter((sale) => sale.paymentMethod === paymentMethod)),
      })),
    ).toEqual(z.byPaymentMethod);
    const receipts = sales.map((sale) => sale.receiptNumber);
    expect([Math.min(...receipts), Math.max(...receipts)]).toEqual([z.firstReceipt, z.lastReceipt]);
    // The CSV (a row per line of a sale) says the same of the sales kept.
    const csvRun = await runCli(['export', '--from', DAY, '--to', DAY], { env });
    const [header, ...rows] = csvRun.stdout
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const column = (name: string) => header!.split(',').indexOf(name);
    const bySale = new Map(
      rows.map((row) => {
        const cells = row.split(',');
        return [cells[column('sale_id')], cells] as const;
      }),
    );
    const csvKept = [...bySale.values()].filter(
      (cells) => cells[column('sync_state')] !== 'discarded',
    );
    expect({
      count: csvKept.length,
      totalMinor: csvKept.reduce(
        (sum, cells) => sum + Math.round(Number(cells[column('sale_total')]) * 100),
        0,
      ),
    }).toEqual(z.sales);
    // The figures are not all zero: the day had something of each.
    expect(z).toMatchObject({
      sales: { count: 7 },
      waiting: { count: 4 },
      refused: { count: 1 },
      discarded: { count: 1 },
    });
  });
});
