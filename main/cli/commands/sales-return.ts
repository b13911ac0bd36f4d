// `tillsync sales return RECEIPT --reason TEXT [--line N --quantity Q]... [--refund cash|original]`:
// a return against a sale found by its receipt number or scanned code, in the till's file or
// its archives, under the till's rules (main/trading/desk.ts: a manager makes it, or approves
// it, where the till has cashiers). No --line: every line in full (what is left of it).
// `tillsync sales returns`: the returns made, newest first.
import type { Command } from 'commander';
import type { Translator } from '../../../domain/i18n/messages.js';
import { shownTime } from '../../../domain/views/local-time.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { methodLabel } from '../../../domain/views/money-format.js';
import { returnLabel, type ReturnView } from '../../../domain/returns.js';
import { parseQuantity } from '../../../domain/typed-amounts.js';
import { v1ReturnDelivery } from '../../sync/return-delivery.js';
import { addActingOptions, type ActingOptions } from '../acting-cashier.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printJson } from '../io.js';
import { accepted } from '../refusal.js';
import { tillFields, tillLine } from '../store-access.js';
import { withTradingTill, type TradingTill } from '../trading-till.js';

type Options = ActingOptions & {
  reason?: string;
  line: string[];
  quantity: string[];
  refund?: string;
  json?: boolean;
};

const collect = (value: string, previous: string[]) => [...previous, value];

/** The --line/--quantity pairs, or a CliError naming what is wrong with them. */
function linesOf(
  options: Options,
  till: TradingTill,
): Array<{ lineNumber: number; quantity: number }> | undefined {
  const { t } = till.words;
  if (options.line.length === 0 && options.quantity.length === 0) return undefined;
  if (options.line.length !== options.quantity.length)
    throw new CliError(
      t('cli.return.pairs', { lines: options.line.length, quantities: options.quantity.length }),
      EXIT.invalidInput,
    );
  return options.line.map((line, i) => {
    const quantity = parseQuantity(options.quantity[i]!, till.locale, '--quantity');
    if (!/^\d+$/.test(line.trim()))
      throw new CliError(t('cli.return.notALine', { line }), EXIT.invalidInput);
    if (!quantity.ok)
      throw new CliError(
        t('cli.return.badQuantity', {
          problem: till.words.say(quantity.error),
          typed: options.quantity[i]!,
        }),
        EXIT.invalidInput,
      );
    // Thousandths over 1000: the nearest double, whose shortest text is the exact decimal.
    return { lineNumber: Number(line), quantity: quantity.value / 1000 };
  });
}

function refundText(till: TradingTill, ret: ReturnView): string[] {
  const { t } = till.words;
  const quantity = new Intl.NumberFormat(till.locale, { maximumFractionDigits: 3 });
  const label = (key: Parameters<typeof t>[0]) => t(key).padEnd(10);
  const lines = [
    t('cli.return.done', {
      label: returnLabel(ret.returnNumber),
      receipt: String(ret.saleReceiptNumber),
      reason: ret.reason,
    }),
    ...ret.lines.map(
      (line) =>
        `  ${t('cli.return.line', { number: line.saleLineNumber, quantity: quantity.format(line.quantity), name: line.name })}`.padEnd(
          48,
        ) + till.money(line.refundMinor),
    ),
    `  ${label('cli.return.refund')} ${t('cli.return.refundValue', { amount: till.money(ret.totalMinor), method: ret.refundPaymentMethod, name: methodLabel(ret.refundPaymentMethod) })}`,
  ];
  if (ret.refundPaymentMethod === 'CASH')
    lines.push(
      `  ${label('cli.void.cash')} ${t('cli.void.giveBack', { amount: till.money(ret.totalMinor) })}`,
    );
  if (ret.deliveryNote) lines.push(`  ${label('cli.return.platform')} ${ret.deliveryNote}`);
  return lines;
}

export function registerSalesReturn(sales: Command, help: Translator): void {
  addActingOptions(
    sales
      .command('return <receipt>')
      .description(help.t('cli.help.sales.return.description'))
      .option('--reason <text>', help.t('cli.help.sales.return.reason'))
      .option('--line <n>', help.t('cli.help.sales.return.line'), collect, [])
      .option('--quantity <q>', help.t('cli.help.sales.return.quantity'), collect, [])
      .option('--refund <how>', help.t('cli.help.sales.return.refund'), 'original')
      .option('--json', help.t('cli.help.sales.return.json')),
    help,
  )
    .addHelpText('after', help.t('cli.help.sales.return.after'))
    .action((receipt: string, options: Options, command: Command) =>
      withTradingTill(command, async (till) => {
        const lines = linesOf(options, till);
        const actor = await till.actor(options);
        const input = { reason: options.reason ?? '', lines, refund: options.refund };
        const names: Record<string, string> = {
          '/reason': '--reason',
          '/refund': '--refund',
          '/receipt': 'RECEIPT',
          '/lines': '--line',
        };
        lines?.forEach((line, i) => {
          names[`/lines/${i}/lineNumber`] = `--line ${line.lineNumber}`;
          names[`/lines/${i}/quantity`] = `--quantity ${line.quantity} (line ${line.lineNumber})`;
        });
        const ret = accepted(
          till.desk.recordReturn(receipt, input, actor, v1ReturnDelivery),
          till.words,
          names,
        );
        if (options.json) return void printJson({ ...ret, till: tillFields(till.found) });
        const text = [...refundText(till, ret), tillLine(till.found, till.words)];
        process.stdout.write(text.join('\n') + '\n');
      }),
    );

  sales
    .command('returns')
    .description(help.t('cli.help.sales.returns.description'))
    .option('--json', help.t('cli.help.common.jsonInsteadOfText'))
    .action((options: { json?: boolean }, command: Command) =>
      withTradingTill(command, (till) => {
        const returns = till.store.listReturns();
        const timeZone = tillTimeZone(till.store.settings.read());
        if (options.json) return void printJson({ returns, till: tillFields(till.found) });
        const { t } = till.words;
        const rows = returns.map((ret) => {
          const when = shownTime(ret.createdAt, timeZone, till.locale);
          const sale = t('cli.return.sale', { receipt: String(ret.saleReceiptNumber) });
          const method = t('cli.return.method', {
            method: ret.refundPaymentMethod,
            name: methodLabel(ret.refundPaymentMethod),
          });
          const sent = t('cli.return.sent', { sent: String(ret.delivery === 'sent') });
          return `${returnLabel(ret.returnNumber).padEnd(7)} ${when.padEnd(24)} ${sale.padEnd(12)} ${till.money(ret.totalMinor).padStart(12)}  ${method.padEnd(13)} ${sent}`;
        });
        const none = [t('cli.return.none')];
        process.stdout.write(
          [...(rows.length ? rows : none), tillLine(till.found, till.words)].join('\n') + '\n',
        );
      }),
    );
}
