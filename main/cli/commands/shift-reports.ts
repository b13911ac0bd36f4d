// `tillsync shift x` and `tillsync shift reports`: the open shift's figures now (X), and the
// Z reports kept at each close, shown again exactly as they were made.
import type { Command } from 'commander';
import { shownTime } from '../../../domain/views/local-time.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import type { Translator } from '../../../domain/i18n/messages.js';
import { currencyDecimals } from '../../../domain/money.js';
import type { ShiftReport } from '../../../domain/shift.js';
import { formatMoney } from '../../../domain/views/money-format.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printJson } from '../io.js';
import { accepted } from '../refusal.js';
import { printReport, printReportJson } from '../shift-report-text.js';
import { noteTill, tillLine } from '../store-access.js';
import { withTradingTill } from '../trading-till.js';

const print = (lines: string[]) => void process.stdout.write(lines.join('\n') + '\n');

function reportNumber(text: string, words: Translator): number {
  const number = /^\s*[zZ]?(\d{1,9})\s*$/.exec(text)?.[1];
  if (number === undefined || Number(number) === 0)
    throw new CliError(words.t('cli.shift.reportNumber', { text }), EXIT.invalidInput);
  return Number(number);
}

/** One line per Z report: when, and how the cash came out. */
function reportList(reports: ShiftReport[], timeZone: string, words: Translator): string[] {
  const time = (ms: number) => shownTime(ms, timeZone, words.locale);
  if (reports.length === 0) return [words.t('cli.shift.noReports')];
  return reports.map((report) => {
    // In the report's own currency, the one it was made in.
    const decimals = currencyDecimals(report.currency);
    const money = (minor: number) =>
      formatMoney(minor, report.currency, decimals, 'symbol', words.locale);
    const difference = report.differenceMinor ?? 0;
    const line = words.t('cli.shift.reportLine', {
      from: time(report.openedAt),
      to: time(report.closedAt ?? report.madeAt),
      sales: money(report.sales.totalMinor),
      counted: money(report.countedMinor ?? 0),
      over: difference === 0 ? 'even' : difference > 0 ? 'over' : 'short',
      difference: money(Math.abs(difference)),
    });
    return `${`Z${report.number}`.padEnd(5)} ${line}`;
  });
}

export function registerShiftReports(shift: Command, help: Translator): void {
  shift
    .command('x')
    .description(help.t('cli.help.shift.x.description'))
    .option('--json', help.t('cli.help.shift.x.json'))
    .action((options: { json?: boolean }, command: Command) =>
      withTradingTill(command, (till) => {
        const report = accepted(till.store.shifts.xReport(Date.now()), till.words, {}, false);
        if (options.json) return void printReportJson(report, till.found);
        printReport(report, till.store, till.found);
      }),
    );

  shift
    .command('reports')
    .description(help.t('cli.help.shift.reports.description'))
    .option('--number <n>', help.t('cli.help.shift.reports.number'))
    .option('--json', help.t('cli.help.shift.reports.json'))
    .action((options: { json?: boolean; number?: string }, command: Command) =>
      withTradingTill(command, (till) => {
        if (options.number !== undefined) {
          const number = reportNumber(options.number, till.words);
          const report = accepted(till.store.shifts.zReport(number), till.words, {}, false);
          if (options.json) return void printReportJson(report, till.found);
          return printReport(report, till.store, till.found);
        }
        const reports = till.store.shifts.zReports();
        if (options.json) {
          noteTill(till.found);
          return void printJson(reports);
        }
        const timeZone = tillTimeZone(till.store.settings.read());
        print([...reportList(reports, timeZone, till.words), tillLine(till.found, till.words)]);
      }),
    );
}
