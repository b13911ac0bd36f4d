// The X and Z reports as the till roll prints them (48 and 32 columns) and as CSV: every
// figure appears exactly, no line is wider than the roll, nothing depends on the clock.
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../main/catalog/catalog-csv.js';
import {
  REPORT_CSV_COLUMNS,
  reportCsv,
  reportLines,
} from '../../domain/views/shift-report-view.js';
import { lengthOf, wrap } from '../../domain/views/till-roll.js';
import { shiftReport } from '../../domain/shift.js';
import { drawerEntry as entry, LONG_REASON, zReport } from '../helpers/shift-report.js';

const UTC = { timeZone: 'UTC' };
/** The lines as one text with each run of spaces made one: what the roll says. */
const said = (lines: string[]) => lines.map((line) => line.replace(/ +/g, ' ').trim()).join('\n');

describe('the shift report on the till roll', () => {
  for (const columns of [48, 32]) {
    it(`fits ${columns} columns and shows every figure exactly`, () => {
      const lines = reportLines(zReport(), columns, UTC);
      for (const line of lines) expect(lengthOf(line), line).toBeLessThanOrEqual(columns);
      // A label too long for the line puts its figures on the next: read as one run of text.
      const text = said(lines).replace(/\n/g, ' ');
      for (const expected of [
        'Z REPORT 12',
        'Opened 2026-11-25 08:00',
        'Opened by Ann',
        'Closed 2026-11-25 18:05',
        'Float $100.00',
        'Sales 7 $345.50',
        'paid by cash 5 $200.50',
        'paid by mobile money 2 $145.00',
        '+ Cash sales (taken - change) $200.50',
        '+ Cash in $20.00',
        '- Cash out and safe drops $80.00',
        '+ Corrections -$2.50',
        '- Cash refunds (returns) $10.00',
        'Returns (refunded) 1 $10.00',
        '= Expected in the drawer $138.00',
        'Counted $137.50',
        'Short $0.50',
        'No sale (drawer opened) 1',
        '09:30 Cash in $20.00',
        '11:30 Cash out -$30.00',
        '13:30 Safe drop -$50.00',
        '14:30 No sale',
        '15:30 Correction -$2.50',
        'corrects receipt 41',
        '2 × $50.00 = $100.00',
        '3 × $10.00 = $30.00',
        '30 × $0.25 = $7.50',
        'Waiting for the platform 2 $30.75',
        'Refused by the platform 1 $12.00',
        'Discarded (not counted) 1 $2.50',
        'Voids (not counted) 1 $5.00',
        'First receipt #40',
        'Last receipt #48',
      ])
        expect(text).toContain(expected);
      // By cashier: count, total and the cash of it.
      expect(text).toContain('Ann 4 $300.00 of it in cash $155.50');
      // Long text wraps, whole: the reason and the shop's name are all there, word for word.
      expect(text).toContain(LONG_REASON);
      expect(text).toContain('Corner Grocer of the Long Street Market');
      expect(text).toContain('Note: Two quarters short, probably change given twice');
    });
  }

  it('leaves out returns on a Z report kept from before returns', () => {
    const { returns: _r, cashRefundsMinor: _c, ...before } = zReport();
    const text = said(reportLines(shiftReport.parse(before), 48, UTC));
    expect(text).not.toMatch(/Returns|Cash refunds/);
    expect(text).toContain('= Expected in the drawer $138.00');
  });

  it('lines up the counts and amounts in columns', () => {
    const lines = reportLines(zReport(), 48, UTC);
    const row = (start: string) => lines.find((line) => line.trimStart().startsWith(start))!;
    expect(row('Sales')).toBe(`${'Sales'.padEnd(38)}7  $345.50`);
    expect(row('paid by cash')).toBe(`${'  paid by cash'.padEnd(38)}5  $200.50`);
    expect(row('Refused')).toBe(`${'Refused by the platform'.padEnd(38)}1   $12.00`);
  });

  it('says over, short or neither, and when the float was not counted', () => {
    const over = said(reportLines(zReport({ differenceMinor: 125 }), 32, UTC));
    expect(over).toContain('Over $1.25');
    const exact = said(reportLines(zReport({ differenceMinor: 0 }), 32, UTC));
    expect(exact).toContain('Neither over nor short $0.00');
    const uncounted = said(reportLines(zReport({ floatCounted: false, floatMinor: 0 }), 48, UTC));
    expect(uncounted).toContain('Float (not counted) $0.00');
  });

  it('titles an X report as the open shift, with when it was made and no count', () => {
    const x = zReport({
      kind: 'X',
      number: null,
      closedAt: null,
      closedBy: null,
      madeAt: Date.UTC(2026, 10, 25, 12, 0),
      countedMinor: null,
      differenceMinor: null,
      denominations: null,
      note: '',
    });
    const text = said(reportLines(x, 48, UTC));
    expect(text).toContain('X REPORT (shift still open)');
    expect(text).toContain('Report made 2026-11-25 12:00');
    expect(text).not.toMatch(/Counted|Short|Over|Closed/);
  });

  it('writes times in the till’s time zone, with the date when an entry is on another day', () => {
    const late = zReport({
      drawerEntries: [
        { ...entry('e1', 9, 'cash_in', 100, 'x', null), at: Date.UTC(2026, 10, 26, 1) },
      ],
    });
    const text = said(reportLines(late, 48, { timeZone: 'Africa/Nairobi' }));
    expect(text).toContain('Opened 2026-11-25 11:00');
    expect(text).toContain('2026-11-26 04:00 Cash in $1.00');
  });

  it('prints the same lines every time (no clock in them)', () => {
    expect(reportLines(zReport(), 48, UTC)).toEqual(reportLines(zReport(), 48, UTC));
  });

  it('cuts a word longer than the line across lines, losing nothing', () => {
    const word = 'x'.repeat(70);
    expect(wrap(`a ${word} b`, 32)).toEqual([
      'a',
      'x'.repeat(32),
      'x'.repeat(32),
      'x'.repeat(6) + ' b',
    ]);
  });
});

describe('the shift report as CSV', () => {
  it('has a row for every figure, amounts in major units, text quoted', () => {
    const csv = reportCsv(zReport(), UTC);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv).map((row) => row.fields);
    expect(rows[0]).toEqual(REPORT_CSV_COLUMNS);
    const find = (section: string, what: string) =>
      rows.find((row) => row[0] === section && row[1] === what);
    expect(find('report', 'Z REPORT 12')?.[5]).toBe('12');
    expect(find('report', 'Opened')?.slice(4)).toEqual(['2026-11-25 08:00', 'Ann']);
    expect(find('sales', 'Sales')?.slice(2, 4)).toEqual(['7', '345.50']);
    expect(find('sales', 'Paid by mobile money')?.slice(2, 4)).toEqual(['2', '145.00']);
    expect(find('cashier', 'Ann')?.slice(2, 4)).toEqual(['4', '300.00']);
    expect(find('cashier', 'Ann: in cash')?.[3]).toBe('155.50');
    expect(find('drawer', 'Cash out and safe drops')?.[3]).toBe('-80.00');
    expect(find('drawer', 'Expected in the drawer')?.[3]).toBe('138.00');
    expect(find('drawer', 'Cash refunds (returns)')?.[3]).toBe('-10.00');
    expect(find('sales', 'Returns (refunded)')?.slice(2, 4)).toEqual(['1', '10.00']);
    expect(find('drawer', 'Over/short (counted - expected)')?.slice(3)).toEqual([
      '-0.50',
      '',
      'short',
    ]);
    expect(find('drawer', 'Float')?.[5]).toBe('');
    expect(find('count', '30 × 0.25')?.slice(2, 4)).toEqual(['30', '7.50']);
    expect(find('platform', 'Waiting for the platform')?.slice(2, 4)).toEqual(['2', '30.75']);
    expect(find('receipts', 'Last receipt')?.[5]).toBe('48');
    const correction = find('entry', 'Correction')!;
    expect(correction.slice(3)).toEqual([
      '-2.50',
      '2026-11-25 15:30',
      'Sale discarded after the close; corrects receipt 41',
    ]);
    // A reason with a comma is one cell; one that starts like a formula stays text.
    const cashOut = find('entry', 'Cash out')!;
    expect(cashOut[5]).toBe(`${LONG_REASON}; by Bob the Manager`);
    const formula = zReport({ drawerEntries: [entry('e', 9, 'cash_in', 1, '=1+1', null)] });
    expect(
      parseCsv(reportCsv(formula, UTC)).find((row) => row.fields[0] === 'entry')?.fields[5],
    ).toBe("'=1+1");
  });
});
