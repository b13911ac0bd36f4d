import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../main/catalog/catalog-csv.js';
import {
  CSV_COLUMNS,
  writeSalesExport,
  type ExportFormat,
} from '../../main/export/sales-export.js';

import { tempDir } from '../helpers/temp-dir.js';
import { expectGolden, exportFixture, NAIROBI, numberIds } from './fixture.js';

/** 2 to 4 November 2026, whole days in Nairobi. */
const RANGE = { from: Date.UTC(2026, 10, 1, 21), to: Date.UTC(2026, 10, 4, 21) };
const NOW = Date.UTC(2026, 10, 5, 6);

function exported(format: ExportFormat) {
  const store = exportFixture(tempDir());
  try {
    let text = '';
    const count = writeSalesExport(
      store.exportSales(RANGE),
      { format, range: RANGE, timeZone: NAIROBI, now: NOW, returns: store.exportReturns(RANGE) },
      (chunk) => (text += chunk),
    );
    return { text, count };
  } finally {
    store.close();
  }
}

describe('the sales export', () => {
  it('writes CSV a spreadsheet opens as it should: BOM, header, CRLF, quoting, no formulas', () => {
    const { text, count } = exported('csv');
    expect(count).toBe(5);
    expectGolden('sales-export.csv', numberIds(text));

    expect(text.startsWith('\uFEFFreceipt,sale_id,date,')).toBe(true);

    const rows = parseCsv(text.slice(1));
    expect(rows[0]!.fields).toEqual([...CSV_COLUMNS]);
    const byColumn = rows
      .slice(1)
      .map((row) => Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, row.fields[i]])));
    expect(byColumn).toHaveLength(8); // 3 + 1 + 1 + 1 + 1 lines, and the return's line
    // The return: its own row after the sales, negative, not sent and saying why.
    expect(byColumn.at(-1)).toMatchObject({
      receipt: 'R1',
      payment_method: 'CASH',
      line: '2',
      quantity: '-0.25',
      line_total: '-0.69',
      sale_total: '-0.69',
      sync_state: 'not_sent',
      problem:
        'return against #2: Bag torn, "half" spilt; not sent: the platform\'s v1 has no refund operation',
    });
    expect(byColumn[0]).toMatchObject({
      receipt: '2',
      date: '2026-11-02 09:15:00',
      customer_name: 'Zoë O\'Brien, "VIP"',
      product_name: 'Café ☕ latte',
      unit_price: '3.20',
      sale_total: '8.26',
    });
    expect(byColumn[1]).toMatchObject({ quantity: '0.75', line_total: '2.06' });
    expect(byColumn[2]!.product_name).toBe("'=SUM(A1:A9)");
    expect(byColumn.find((row) => row.sync_state === 'refused')!.problem).toBe(
      'Unknown product "prod_gone" (items/0/productId),\ncheck the catalog',
    );
    expect(byColumn.find((row) => row.sync_state === 'discarded')!.problem).toBe(
      'discarded: -entered twice',
    );
    expect(byColumn.at(-2)).toMatchObject({
      currency: 'JPY',
      unit_price: '450',
      line_total: '900',
      // 10 % off the line (90) and 10 off the sale: the line's charged figure is the total.
      line_discount: '100',
      line_charged: '800',
      discount_reason: 'Staff; sale: Loyalty card',
      sale_total: '800',
    });
  });

  it('writes JSON with each sale whole, and the range and count', () => {
    const { text } = exported('json');
    expectGolden('sales-export.json', numberIds(text));
    const document = JSON.parse(text) as {
      count: number;
      from: string;
      to: string;
      sales: Array<{
        receiptNumber: number;
        total: number;
        state: string;
        uncertain: boolean;
        lines: unknown[];
      }>;
    };
    expect(document).toMatchObject({
      count: 5,
      from: '2026-11-01T21:00:00.000Z',
      to: '2026-11-04T21:00:00.000Z',
    });
    expect(document.sales.map((sale) => [sale.receiptNumber, sale.state, sale.total])).toEqual([
      [2, 'pending', 8.26],
      [3, 'synced', 2.75],
      [4, 'refused', 5],
      [5, 'discarded', 3.2],
      [6, 'pending', 800],
    ]);
    expect(document.sales[0]!.lines).toHaveLength(3);
    // A sale sent without an answer says it may be on the platform twice.
    expect(
      document.sales.filter((sale) => sale.uncertain).map((sale) => sale.receiptNumber),
    ).toEqual([3]);
  });

  it('writes a valid, empty file for a period without sales', () => {
    const store = exportFixture(tempDir());
    const range = { from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 0, 2) };
    let json = '';
    writeSalesExport(store.exportSales(range), { format: 'json', range }, (c) => (json += c));
    let csv = '';
    writeSalesExport(store.exportSales(range), { format: 'csv', range }, (c) => (csv += c));
    store.close();
    expect(JSON.parse(json)).toMatchObject({ sales: [], count: 0 });
    expect(csv).toBe(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`);
  });
});
