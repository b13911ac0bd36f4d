// A shift's X or Z report as a till roll prints it (lines of 48 or 32 characters) and as
// CSV. Everything comes from the report's own figures and the till's time zone (no "printed
// at", no clock): a Z report shown again a year later is the same, byte for byte. The roll
// speaks the layout's language (catalog area paper); the CSV is data and stays English.
import { english, type Translator } from '../i18n/messages.js';
import { csvRow, type Cell } from '../csv.js';
import { currencyDecimals, formatMinor } from '../money.js';
import { DRAWER_ENTRY_LABELS, type ShiftReport } from '../shift.js';
import { formatMoney, methodLabel } from './money-format.js';
import { paperClock } from './paper-clock.js';
import { paperWords } from './receipt-document.js';
import { alignRight, lengthOf, tillRoll } from './till-roll.js';

export interface ReportLayout {
  /** The till's time zone (IANA name); the runtime's own when not given. */
  timeZone?: string;
  /** "USD 10.00" rather than "$10.00", for paper that lacks the currency's symbol. */
  currencyDisplay?: 'symbol' | 'code';
  /** The roll's language and number format (the till's locale); English words when not given. */
  locale?: string;
}

/** Local times as "2026-11-25 09:30", formatted part by part so no locale changes them. */
export const reportClock = (timeZone?: string) => paperClock(timeZone);

/** The report's title: "Z REPORT 12", or the X report's. */
export const reportTitle = (report: ShiftReport, words: Translator = english) =>
  words.t('paper.report.title', { kind: report.kind, number: report.number ?? '' });

const overOrShort = (difference: number, words: Translator) =>
  words.t(
    difference > 0
      ? 'paper.report.over'
      : difference < 0
        ? 'paper.report.short'
        : 'paper.report.even',
  );

/** The report as lines of at most `columns` characters, as the till's printer prints it. */
export function reportLines(
  report: ShiftReport,
  columns: number,
  layout: ReportLayout = {},
): string[] {
  const decimals = currencyDecimals(report.currency);
  const money = (minor: number) =>
    formatMoney(minor, report.currency, decimals, layout.currencyDisplay, layout.locale);
  const clock = paperClock(layout.timeZone, layout.locale);
  const words = paperWords(layout.locale);
  const { t } = words;
  // Counts as digits, no grouping: a column of them reads the same in every language.
  const count = (n: number) => String(n);
  const receipt = (number: number | null) =>
    number === null ? t('paper.report.noReceipt') : t('paper.report.receipt', { number });
  const noCashier = t('paper.report.noCashier');
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
  const countWidth = Math.max(...counted.map((one) => lengthOf(count(one.count))));
  const amountWidth = Math.max(...counted.map((one) => lengthOf(money(one.totalMinor))));
  const figures = (label: string, one: { count: number; totalMinor: number }, indent = 0) =>
    roll.row(
      label,
      `${alignRight(count(one.count), countWidth)}  ${alignRight(money(one.totalMinor), amountWidth)}`,
      indent,
    );

  roll.center(report.shopName);
  roll.center(report.tillName);
  roll.blank();
  roll.center(reportTitle(report, words));
  roll.rule();
  roll.row(t('paper.report.opened'), clock.dateTime(report.openedAt));
  if (report.openedBy !== null) roll.row(t('paper.report.openedBy'), report.openedBy);
  if (report.closedAt !== null) roll.row(t('paper.report.closed'), clock.dateTime(report.closedAt));
  else roll.row(t('paper.report.made'), clock.dateTime(report.madeAt));
  if (report.closedBy !== null) roll.row(t('paper.report.closedBy'), report.closedBy);
  if (report.cashiers.length > 0) roll.row(t('paper.report.cashiers'), report.cashiers.join(', '));

  roll.rule();
  roll.text(t('paper.report.salesHeading'));
  figures(t('paper.report.sales'), report.sales);
  for (const method of report.byPaymentMethod) {
    const { paymentMethod } = method;
    const name = methodLabel(paymentMethod);
    figures(t('paper.report.paidBy', { method: paymentMethod, name }), method, 2);
  }
  if (report.returns) figures(t('paper.report.returns'), report.returns);
  if (report.byCashier.some((one) => one.cashier !== null)) {
    roll.text(t('paper.report.byCashier'));
    for (const one of report.byCashier) {
      figures(one.cashier ?? noCashier, one, 2);
      roll.row(t('paper.report.inCash'), money(one.cashMinor), 4);
    }
  }

  roll.rule();
  roll.text(t('paper.report.drawerHeading'));
  const float = report.floatCounted ? t('paper.report.float') : t('paper.report.floatNotCounted');
  roll.row(float, money(report.floatMinor));
  roll.row(t('paper.report.cashSales'), money(report.cashSalesMinor));
  roll.row(t('paper.report.cashIn'), money(report.cashInMinor));
  roll.row(t('paper.report.cashOut'), money(report.cashOutMinor));
  roll.row(t('paper.report.corrections'), money(report.correctionsMinor));
  if (report.cashRefundsMinor !== undefined)
    roll.row(t('paper.report.cashRefunds'), money(report.cashRefundsMinor));
  roll.row(t('paper.report.expected'), money(report.expectedMinor));
  if (report.countedMinor !== null && report.differenceMinor !== null) {
    roll.row(t('paper.report.counted'), money(report.countedMinor));
    roll.row(overOrShort(report.differenceMinor, words), money(Math.abs(report.differenceMinor)));
  }
  roll.row(t('paper.report.noSale'), count(report.noSales));

  if (report.drawerEntries.length > 0) {
    roll.rule();
    roll.text(t('paper.report.entriesHeading'));
    for (const entry of report.drawerEntries) {
      const time = clock.timeOn(entry.at, report.openedAt);
      const label = t('paper.report.entry', { time, kind: entry.kind });
      roll.row(label, entry.kind === 'no_sale' ? '' : money(entry.amountMinor));
      roll.text(entry.reason, 2);
      if (entry.correctsReceipt !== null)
        roll.text(t('paper.report.corrects', { receipt: entry.correctsReceipt }), 2);
      if (entry.cashier !== null) roll.text(t('paper.report.by', { name: entry.cashier }), 2);
    }
  }

  if ((report.denominations?.length ?? 0) > 0 || report.note !== '') {
    roll.rule();
    roll.text(t('paper.report.countHeading'));
    for (const line of report.denominations ?? [])
      roll.row(
        t('paper.report.denomination', { count: line.count, value: money(line.valueMinor) }),
        money(line.count * line.valueMinor),
      );
    if (report.note !== '') roll.text(t('paper.report.note', { note: report.note }));
  }

  roll.rule();
  roll.text(t('paper.report.platformHeading'));
  figures(t('paper.report.waiting'), report.waiting);
  figures(t('paper.report.refused'), report.refused);
  figures(t('paper.report.discarded'), report.discarded);
  if (report.voids) figures(t('paper.report.voids'), report.voids);
  roll.rule();
  roll.row(t('paper.report.firstReceipt'), receipt(report.firstReceipt));
  roll.row(t('paper.report.lastReceipt'), receipt(report.lastReceipt));
  roll.rule();
  return roll.lines();
}

const NO_CASHIER = english.t('paper.report.noCashier');

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
      overOrShort(report.differenceMinor, english).toLowerCase(),
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
