// A shift report on the terminal: the till roll's own lines (domain/views/shift-report-view.ts,
// the same as printed and downloaded as text), at the till's paper width, in the till's
// language (its locale setting, else LANG); as JSON, the report itself (English codes), so a
// Z report shown again prints the same bytes.
import { currencyDecimals } from '../../domain/money.js';
import type { ShiftReport } from '../../domain/shift.js';
import { formatMoney } from '../../domain/views/money-format.js';
import { reportLines } from '../../domain/views/shift-report-view.js';
import { ROLL_COLUMNS } from '../../domain/views/till-roll.js';
import type { Store } from '../../db/store.js';
import { tillTimeZone } from '../../db/till-time-zone.js';
import { cliLocale } from './amount-option.js';
import { printJson } from './io.js';
import { noteTill, tillLine, type CliTill } from './store-access.js';

/** Minor units in the report's own currency, the one it was made in. */
export const reportMoney = (report: ShiftReport) => (minor: number) =>
  formatMoney(minor, report.currency, currencyDecimals(report.currency));

/** The report as the till roll prints it, then the till's line. */
export function printReport(report: ShiftReport, store: Store, found: CliTill, heading = ''): void {
  const settings = store.settings.read();
  const lines = reportLines(report, ROLL_COLUMNS[settings.receiptWidth], {
    timeZone: tillTimeZone(settings),
    locale: cliLocale(settings.locale),
  });
  process.stdout.write(
    [...(heading ? [heading, ''] : []), ...lines, '', tillLine(found)].join('\n') + '\n',
  );
}

/** A report as JSON is the report itself; the till goes on standard error, as for any data. */
export function printReportJson(report: ShiftReport, found: CliTill): void {
  noteTill(found);
  printJson(report);
}
