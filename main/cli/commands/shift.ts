// `tillsync shift`: the trading day from the command line, under the same rules as at the
// till (main/trading/desk.ts): open with the counted float, cash in and out, safe drops,
// "no sale", close with the cash counted (the Z report). Reports: ./shift-reports.ts.
import type { Command } from 'commander';
import type { MessageKey, Translator } from '../../../domain/i18n/messages.js';
import type { ManualDrawerKind, ShiftSummary } from '../../../domain/shift.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { shiftLine } from '../../../domain/views/status-view.js';
import { addActingOptions, type ActingOptions } from '../acting-cashier.js';
import { printJson } from '../io.js';
import { accepted } from '../refusal.js';
import { printReport, printReportJson } from '../shift-report-text.js';
import { tillFields, tillLine } from '../store-access.js';
import { withTradingTill, type TradingTill } from '../trading-till.js';
import { registerShiftReports } from './shift-reports.js';

type Options = ActingOptions & { json?: boolean; reason?: string };

const ENTRY_OPTIONS = { '/amountMinor': 'AMOUNT', '/reason': '--reason' };
const ENTRY_COMMANDS: ReadonlyArray<{
  name: string;
  kind: ManualDrawerKind;
  does: MessageKey;
}> = [
  { name: 'cash-in', kind: 'cash_in', does: 'cli.help.shift.cashIn.description' },
  {
    name: 'cash-out',
    kind: 'cash_out',
    does: 'cli.help.shift.cashOut.description',
  },
  {
    name: 'safe-drop',
    kind: 'safe_drop',
    does: 'cli.help.shift.safeDrop.description',
  },
];

/** The shift as a line and its float; a note when the command had to open it by itself. */
function shiftNews(till: TradingTill, shift: ShiftSummary, opened: boolean): string[] {
  const timeZone = tillTimeZone(till.store.settings.read());
  const { t } = till.words;
  const lines = [
    `  ${t('cli.shift.shift').padEnd(10)} ${shiftLine(shift, Date.now(), timeZone, till.words)}`,
  ];
  if (opened && !shift.floatCounted) lines.push(`  ${t('cli.shift.openedUncounted')}`);
  else lines.push(`  ${t('cli.shift.float').padEnd(10)} ${till.money(shift.floatMinor)}`);
  return lines;
}

const print = (lines: string[]) => void process.stdout.write(lines.join('\n') + '\n');

function drawerEntry(
  kind: ManualDrawerKind,
  amountText: string | undefined,
  options: Options,
  command: Command,
) {
  return withTradingTill(command, async (till) => {
    const amountMinor = kind === 'no_sale' ? 0 : till.amount(amountText, 'AMOUNT');
    const reason = options.reason ?? '';
    const actor = await till.actor(options);
    const before = till.store.shifts.current();
    const input = { kind, amountMinor, reason };
    const { id, shift } = accepted(
      till.desk.addDrawerEntry(input, actor),
      till.words,
      ENTRY_OPTIONS,
    );
    if (options.json)
      return void printJson({
        id,
        ...input,
        reason: reason.trim(),
        shift,
        till: tillFields(till.found),
      });
    const expected = till.store.shifts.xReport(Date.now());
    const { t } = till.words;
    const amount = till.money(amountMinor);
    print([
      t('cli.shift.entryRecorded', { kind, amount, reason: reason.trim() }),
      ...(expected.ok
        ? [
            `  ${t('cli.shift.expected').padEnd(10)} ${t('cli.shift.inTheDrawer', { amount: till.money(expected.value.expectedMinor) })}`,
          ]
        : []),
      ...shiftNews(till, shift, before === null),
      tillLine(till.found, till.words),
    ]);
  });
}

export function registerShift(program: Command, help: Translator): void {
  const amountHelp = help.t('cli.help.shift.amount');
  const actingHelp = help.t('cli.help.shift.acting');
  const shift = program.command('shift').description(help.t('cli.help.shift.description'));

  addActingOptions(
    shift
      .command('open')
      .description(help.t('cli.help.shift.open.description'))
      .option('--float <amount>', help.t('cli.help.shift.open.float', { amount: amountHelp }))
      .option('--json', help.t('cli.help.shift.open.json')),
    help,
  )
    .addHelpText('after', actingHelp)
    .action((options: Options & { float?: string }, command: Command) =>
      withTradingTill(command, async (till) => {
        const floatMinor = till.amount(options.float, '--float');
        const actor = await till.actor(options);
        const before = till.store.shifts.current();
        const opened = accepted(till.desk.openShift({ floatMinor }, actor), till.words, {
          '/floatMinor': '--float',
        });
        if (options.json) return void printJson({ ...opened, till: tillFields(till.found) });
        print([
          till.words.t('cli.shift.opened', { counted: String(before !== null) }),
          ...shiftNews(till, opened, false),
          tillLine(till.found, till.words),
        ]);
      }),
    );

  for (const { name, kind, does } of ENTRY_COMMANDS)
    addActingOptions(
      shift
        .command(`${name} <amount>`)
        .description(help.t(does))
        .option('--reason <text>', help.t('cli.help.shift.entry.reason'))
        .option('--json', help.t('cli.help.shift.entry.json')),
      help,
    )
      .addHelpText('after', `\n<amount>: ${amountHelp}.${actingHelp}`)
      .action((amount: string, options: Options, command: Command) =>
        drawerEntry(kind, amount, options, command),
      );

  addActingOptions(
    shift
      .command('no-sale')
      .description(help.t('cli.help.shift.noSale.description'))
      .option('--reason <text>', help.t('cli.help.shift.entry.reason'))
      .option('--json', help.t('cli.help.shift.entry.json')),
    help,
  )
    .addHelpText('after', actingHelp)
    .action((options: Options, command: Command) =>
      drawerEntry('no_sale', undefined, options, command),
    );

  addActingOptions(
    shift
      .command('close')
      .description(help.t('cli.help.shift.close.description'))
      .option('--counted <amount>', help.t('cli.help.shift.close.counted', { amount: amountHelp }))
      .option('--note <text>', help.t('cli.help.shift.close.note'))
      .option('--json', help.t('cli.help.shift.close.json')),
    help,
  )
    .addHelpText('after', actingHelp)
    .action((options: Options & { counted?: string; note?: string }, command: Command) =>
      withTradingTill(command, async (till) => {
        const countedMinor = till.amount(options.counted, '--counted');
        const actor = await till.actor(options);
        const input = { count: { countedMinor }, note: options.note ?? '' };
        const report = accepted(till.desk.closeShift(input, actor), till.words, {
          '/count/countedMinor': '--counted',
          '/note': '--note',
        });
        if (options.json) return void printReportJson(report, till.found);
        printReport(
          report,
          till.store,
          till.found,
          till.words.t('cli.shift.closed', { number: String(report.number) }),
        );
      }),
    );

  registerShiftReports(shift, help);
}
