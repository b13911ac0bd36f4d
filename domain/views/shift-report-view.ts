// A shift's X or Z report as a till roll prints it (lines of 48 or 32 characters) and as
// CSV. Everything comes from the report's own figures and the till's time zone (no "printed
// at", no clock): a Z report shown again a year later is the same, byte for byte.
import { localTimeParts } from './local-time.js';
import { csvRow, type Cell } from '../csv.js';
import { currencyDecimals, formatMinor } from '../money.js';
import { DRAWER_ENTRY_LABELS, type ShiftReport } from '../shift.js';
import { formatMoney, methodLabel } from './money-format.js';
import { alignRight, lengthOf, tillRoll } from './till-roll.js';

export interface ReportLayout {
  /** The till's time zone (IANA name); the runtime's own when not given. */
  timeZone?: string;
  /** "USD 10.00" rather than "$10.00", for paper that lacks the currency's symbol. */
  currencyDisplay?: 'symbol' | 'code';
}

/** Local times as "2026-11-25 09:30", formatted part by part so no locale changes them. */
export function reportClock(timeZone?: string) {
  const localParts = localTimeParts(timeZone);
  const partsOf = (ms: number) => {
    const { date, time } = localParts(ms);
    return { date, time: time.slice(0, 5) };
  };
  return {
    dateTime: (ms: number) => {
      const { date, time } = partsOf(ms);
      return `${date} ${time}`;
    },
    /** Only the time when it falls on `sameDayAs`'s day. */
    timeOn: (ms: number, sameDayAs: number) => {
      const { date, time } = partsOf(ms);
      return date === partsOf(sameDayAs).date ? time : `${date} ${time}`;
    },
  };
}

/** The report's title: "Z REPORT 12", or the X report's. */
export const reportTitle = (report: ShiftReport) =>
  report.kind === 'Z' ? `Z REPORT ${report.number}` : 'X REPORT (shift still open)';

const NO_CASHIER = 'No cashier signed in';
const overOrShort = (difference: number) =>
  difference > 0 ? 'Over' : difference < 0 ? 'Short' : 'Neither over nor short';
const receipt = (number: number | null) => (number === null ? 'none' : `#${number}`);

/** The report as lines of at most `columns` characters, as the till's printer prints it. */
export function reportLines(
  report: ShiftReport,
  columns: number,
  layout: ReportLayout = {},
): string[] {
  const decimals = currencyDecimals(report.currency);
  const money = (minor: number) =>
    formatMoney(minor, report.currency, decimals, layout.currencyDisplay);
  const clock = reportClock(layout.timeZone);
  const roll = tillRoll(columns);

  // Counts and amounts line up in two right-aligned columns.
  const counted = [
    report.sales,
    ...report.byPaymentMethod,
    ...report.byCashier,
    report.waiting,
    report.refused,
    report.discarded,
    ...(report.voids ? [report.voids] : []),
    ...(report.returns ? [report.returns] : []),
  ];
  const countWidth = Math.max(...counted.map((one) => String(one.count).length));
  const amountWidth = Math.max(...counted.map((one) => lengthOf(money(one.totalMinor))));
  const figures = (label: string, one: { count: number; totalMinor: number }, indent = 0) =>
    roll.row(
      label,
      `${alignRight(String(one.count), countWidth)}  ${alignRight(money(one.totalMinor), amountWidth)}`,
      indent,
    );

  roll.center(report.shopName);
  roll.center(report.tillName);
  roll.blank();
  roll.center(reportTitle(report));
  roll.rule();
  roll.row('Opened', clock.dateTime(report.openedAt));
  if (report.openedBy !== null) roll.row('Opened by', report.openedBy);
  if (report.closedAt !== null) roll.row('Closed', clock.dateTime(report.closedAt));
  else roll.row('Report made', clock.dateTime(report.madeAt));
  if (report.closedBy !== null) roll.row('Closed by', report.closedBy);
  if (report.cashiers.length > 0) roll.row('Cashiers', report.cashiers.join(', '));

  roll.rule();
  roll.text('SALES');
  figures('Sales', report.sales);
  for (const method of report.byPaymentMethod)
    figures(`paid by ${methodLabel(method.paymentMethod)}`, method, 2);
  if (report.returns) figures('Returns (refunded)', report.returns);
  if (report.byCashier.some((one) => one.cashier !== null)) {
    roll.text('By cashier');
    for (const one of report.byCashier) {
      figures(one.cashier ?? NO_CASHIER, one, 2);
      roll.row('of it in cash', money(one.cashMinor), 4);
    }
  }

  roll.rule();
  roll.text('CASH DRAWER');
  roll.row(report.floatCounted ? 'Float' : 'Float (not counted)', money(report.floatMinor));
  roll.row('+ Cash sales (taken - change)', money(report.cashSalesMinor));
  roll.row('+ Cash in', money(report.cashInMinor));
  roll.row('- Cash out and safe drops', money(report.cashOutMinor));
  roll.row('+ Corrections', money(report.correctionsMinor));
  if (report.cashRefundsMinor !== undefined)
    roll.row('- Cash refunds (returns)', money(report.cashRefundsMinor));
  roll.row('= Expected in the drawer', money(report.expectedMinor));
  if (report.countedMinor !== null && report.differenceMinor !== null) {
    roll.row('Counted', money(report.countedMinor));
    roll.row(overOrShort(report.differenceMinor), money(Math.abs(report.differenceMinor)));
  }
  roll.row('No sale (drawer opened)', String(report.noSales));

  if (report.drawerEntries.length > 0) {
    roll.rule();
    roll.text('DRAWER ENTRIES');
    for (const entry of report.drawerEntries) {
      const when = clock.timeOn(entry.at, report.openedAt);
      const label = `${when} ${DRAWER_ENTRY_LABELS[entry.kind]}`;
      roll.row(label, entry.kind === 'no_sale' ? '' : money(entry.amountMinor));
      roll.text(entry.reason, 2);
      if (entry.correctsReceipt !== null) roll.text(`corrects receipt ${entry.correctsReceipt}`, 2);
      if (entry.cashier !== null) roll.text(`by ${entry.cashier}`, 2);
    }
  }

  if ((report.denominations?.length ?? 0) > 0 || report.note !== '') {
    roll.rule();
    roll.text('THE COUNT');
    for (const line of report.denominations ?? [])
      roll.row(`${line.count} × ${money(line.valueMinor)} =`, money(line.count * line.valueMinor));
    if (report.note !== '') roll.text(`Note: ${report.note}`);
  }

  roll.rule();
  roll.text('THE PLATFORM');
  figures('Waiting for the platform', report.waiting);
  figures('Refused by the platform', report.refused);
  figures('Discarded (not counted)', report.discarded);
  if (report.voids) figures('Voids (not counted)', report.voids);
  roll.rule();
  roll.row('First receipt', receipt(report.firstReceipt));
  roll.row('Last receipt', receipt(report.lastReceipt));
  roll.rule();
  return roll.lines();
}

export const REPORT_CSV_COLUMNS = ['section', 'what', 'count', 'amount', 'time', 'detail'];

/** The report as CSV (RFC 4180, CRLF), amounts in the currency's major units. */
export function reportCsv(report: ShiftReport, layout: Pick<ReportLayout, 'timeZone'> = {}) {
  const decimals = currencyDecimals(report.currency);
  const clock = reportClock(layout.timeZone);
  const amount = (minor: number): Cell => ({ raw: formatMinor(minor, decimals) });
  const time = (ms: number | null): Cell => (ms === null ? null : { raw: clock.dateTime(ms) });
  const rows: Cell[][] = [];
  const add = (
    section: string,
    what: string,
    figures: { count?: number | null; amountMinor?: number | null } = {},
    at: number | null = null,
    detail: string | number | null = null,
  ) =>
    rows.push([
      section,
      what,
      figures.count ?? null,
      figures.amountMinor == null ? null : amount(figures.amountMinor),
      time(at),
      detail,
    ]);
  const figures = (one: { count: number; totalMinor: number }) => ({
    count: one.count,
    amountMinor: one.totalMinor,
  });

  add('report', reportTitle(report), {}, null, report.number);
  add('report', 'Shop', {}, null, report.shopName);
  add('report', 'Till', {}, null, report.tillName);
  add('report', 'Currency', {}, null, report.currency);
  add('report', 'Opened', {}, report.openedAt, report.openedBy);
  if (report.closedAt !== null) add('report', 'Closed', {}, report.closedAt, report.closedBy);
  else add('report', 'Report made', {}, report.madeAt);
  add('report', 'Cashiers', {}, null, report.cashiers.join('; '));

  add('sales', 'Sales', figures(report.sales));
  for (const method of report.byPaymentMethod)
    add('sales', `Paid by ${methodLabel(method.paymentMethod)}`, figures(method));
  if (report.returns) add('sales', 'Returns (refunded)', figures(report.returns));
  for (const one of report.byCashier) {
    add('cashier', one.cashier ?? NO_CASHIER, figures(one));
    add('cashier', `${one.cashier ?? NO_CASHIER}: in cash`, { amountMinor: one.cashMinor });
  }

  add(
    'drawer',
    'Float',
    { amountMinor: report.floatMinor },
    null,
    report.floatCounted ? null : 'not counted',
  );
  add('drawer', 'Cash sales (taken - change)', { amountMinor: report.cashSalesMinor });
  add('drawer', 'Cash in', { amountMinor: report.cashInMinor });
  // Signed as they move the drawer: what is taken out is negative.
  add('drawer', 'Cash out and safe drops', { amountMinor: -report.cashOutMinor });
  add('drawer', 'Corrections', { amountMinor: report.correctionsMinor });
  if (report.cashRefundsMinor !== undefined)
    add('drawer', 'Cash refunds (returns)', { amountMinor: -report.cashRefundsMinor });
  add('drawer', 'Expected in the drawer', { amountMinor: report.expectedMinor });
  if (report.countedMinor !== null && report.differenceMinor !== null) {
    add('drawer', 'Counted', { amountMinor: report.countedMinor });
    add(
      'drawer',
      'Over/short (counted - expected)',
      { amountMinor: report.differenceMinor },
      null,
      overOrShort(report.differenceMinor).toLowerCase(),
    );
  }
  add('drawer', 'No sale (drawer opened)', { count: report.noSales });

  for (const entry of report.drawerEntries) {
    const notes = [
      entry.reason,
      entry.correctsReceipt === null ? '' : `corrects receipt ${entry.correctsReceipt}`,
      entry.cashier === null ? '' : `by ${entry.cashier}`,
    ];
    add(
      'entry',
      DRAWER_ENTRY_LABELS[entry.kind],
      { amountMinor: entry.amountMinor },
      entry.at,
      notes.filter(Boolean).join('; '),
    );
  }
  for (const line of report.denominations ?? [])
    add('count', `${line.count} × ${formatMinor(line.valueMinor, decimals)}`, {
      count: line.count,
      amountMinor: line.count * line.valueMinor,
    });
  if (report.note !== '') add('count', 'Note', {}, null, report.note);

  add('platform', 'Waiting for the platform', figures(report.waiting));
  add('platform', 'Refused by the platform', figures(report.refused));
  add('platform', 'Discarded (not counted)', figures(report.discarded));
  if (report.voids) add('platform', 'Voids (not counted)', figures(report.voids));
  add('receipts', 'First receipt', {}, null, report.firstReceipt);
  add('receipts', 'Last receipt', {}, null, report.lastReceipt);
  return [REPORT_CSV_COLUMNS, ...rows].map(csvRow).join('');
}
