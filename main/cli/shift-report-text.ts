// An X or Z report as a plain listing for the terminal: every figure of the report, one per
// line. Not the printed receipt's layout (that is the report's own view); just readable.
import { currencyDecimals } from '../../domain/money.js';
import { DRAWER_ENTRY_LABELS, type ShiftReport } from '../../domain/shift.js';
import { formatMoney, methodLabel } from '../../domain/views/money-format.js';
import { printJson } from './io.js';
import { noteTill, type CliTill } from './store-access.js';

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toLocaleString());

/** A report as JSON is the report itself (printed again, the same bytes); the till on standard error. */
export function printReportJson(report: ShiftReport, found: CliTill): void {
  noteTill(found);
  printJson(report);
}

/** "Z3" or "X report"; what the report is, in its title. */
export const reportName = (report: ShiftReport) =>
  report.kind === 'Z' ? `Z${report.number}` : 'X report';

/** Minor units in the report's own currency, the one it was made in. */
export const reportMoney = (report: ShiftReport) => (minor: number) =>
  formatMoney(minor, report.currency, currencyDecimals(report.currency));

export function shiftReportText(report: ShiftReport): string[] {
  const money = reportMoney(report);
  const row = (label: string, value: string, count = '') =>
    `  ${label.padEnd(30)} ${count.padStart(5)} ${value.padStart(14)}`;
  const signed = (minor: number) => (minor > 0 ? `+${money(minor)}` : money(minor));
  const lines = [
    `${reportName(report)}: ${report.shopName}, ${report.tillName}${report.kind === 'X' ? ' (shift still open)' : ''}`,
    `  Opened  ${when(report.openedAt)}${report.openedBy ? ` by ${report.openedBy}` : ''}`,
    report.kind === 'Z'
      ? `  Closed  ${when(report.closedAt)}${report.closedBy ? ` by ${report.closedBy}` : ''}`
      : `  Made    ${when(report.madeAt)}`,
  ];
  if (report.cashiers.length > 0) lines.push(`  Cashiers ${report.cashiers.join(', ')}`);
  lines.push(
    row(`Float${report.floatCounted ? '' : ' (not counted)'}`, money(report.floatMinor)),
    row('Sales', money(report.sales.totalMinor), `${report.sales.count}`),
    ...report.byPaymentMethod.map((method) =>
      row(
        `  paid by ${methodLabel(method.paymentMethod)}`,
        money(method.totalMinor),
        `${method.count}`,
      ),
    ),
    // Per cashier, when the till has named ones.
    ...(report.cashiers.length === 0 ? [] : report.byCashier).map((each) =>
      row(`  by ${each.cashier ?? 'no cashier named'}`, money(each.totalMinor), `${each.count}`),
    ),
    row('Cash taken, less change', money(report.cashSalesMinor)),
    row('Cash in', money(report.cashInMinor)),
    row('Cash out and safe drops', money(-report.cashOutMinor)),
  );
  if (report.correctionsMinor !== 0)
    lines.push(row('Corrections', signed(report.correctionsMinor)));
  if (report.noSales > 0) lines.push(row('Drawer opened, no sale', '', `${report.noSales}`));
  lines.push(row('Cash expected in the drawer', money(report.expectedMinor)));
  if (report.countedMinor !== null) lines.push(row('Cash counted', money(report.countedMinor)));
  if (report.differenceMinor !== null)
    lines.push(row('Over (+) or short (-)', signed(report.differenceMinor)));
  if (report.note) lines.push(`  Note: ${report.note}`);
  if (report.refused.count > 0)
    lines.push(
      row('Refused by the platform', money(report.refused.totalMinor), `${report.refused.count}`),
    );
  if (report.discarded.count > 0)
    lines.push(row('Discarded', money(report.discarded.totalMinor), `${report.discarded.count}`));
  lines.push(
    row('Waiting for the platform', money(report.waiting.totalMinor), `${report.waiting.count}`),
  );
  if (report.firstReceipt !== null)
    lines.push(`  Receipts #${report.firstReceipt} to #${report.lastReceipt}`);
  if (report.drawerEntries.length > 0) lines.push('  Drawer:');
  for (const entry of report.drawerEntries)
    lines.push(
      `    ${when(entry.at)}  ${DRAWER_ENTRY_LABELS[entry.kind]} ${entry.kind === 'no_sale' ? '' : signed(entry.amountMinor)}  ${entry.reason}${entry.cashier ? ` (${entry.cashier})` : ''}${entry.correctsReceipt === null ? '' : ` for #${entry.correctsReceipt}`}`,
    );
  return lines;
}
