// `tillsync sales return RECEIPT --reason TEXT [--line N --quantity Q]... [--refund cash|original]`:
// a return against a sale found by its receipt number or scanned code, in the till's file or
// its archives, under the till's rules (main/trading/desk.ts: a manager makes it, or approves
// it, where the till has cashiers). No --line: every line in full (what is left of it).
// `tillsync sales returns`: the returns made, newest first.
import type { Command } from 'commander';
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

const HELP = `
<receipt>: the receipt number (12 or #12) or the code on its receipt (TSR12).

Each --line N takes the --quantity that follows it (in order); no --line returns every line
in full, or what is left of it after earlier returns. A line can never be returned beyond what
was sold minus what came back before. The refund is what the line was charged (after any
discount), by the sale's own payment method (--refund original, the default) or in cash from
the drawer (--refund cash). A return is its own record (R1, R2...): it prints as a refund
receipt, comes off the day's and the shift's figures, and stays on the till: the platform's
v1 has no refund operation, so it is not sent.

With cashiers set up, a manager makes the return (--cashier a manager), or approves it
(--manager NAME). PINs are never arguments: TILLSYNC_PIN and TILLSYNC_MANAGER_PIN.`;

const collect = (value: string, previous: string[]) => [...previous, value];

/** The --line/--quantity pairs, or a CliError naming what is wrong with them. */
function linesOf(
  options: Options,
  locale: string,
): Array<{ lineNumber: number; quantity: number }> | undefined {
  if (options.line.length === 0 && options.quantity.length === 0) return undefined;
  if (options.line.length !== options.quantity.length)
    throw new CliError(
      `Give one --quantity for each --line (you gave ${options.line.length} --line and ${options.quantity.length} --quantity). Nothing was written.`,
      EXIT.invalidInput,
    );
  return options.line.map((line, i) => {
    const quantity = parseQuantity(options.quantity[i]!, locale, '--quantity');
    if (!/^\d+$/.test(line.trim()))
      throw new CliError(
        `--line ${line} is not a line number: give the line's number on the receipt, like 1. Nothing was written.`,
        EXIT.invalidInput,
      );
    if (!quantity.ok)
      throw new CliError(
        `${quantity.error.message} (you typed ${options.quantity[i]}). Nothing was written.`,
        EXIT.invalidInput,
      );
    // Thousandths over 1000: the nearest double, whose shortest text is the exact decimal.
    return { lineNumber: Number(line), quantity: quantity.value / 1000 };
  });
}

function refundText(till: TradingTill, ret: ReturnView): string[] {
  const lines = [
    `${returnLabel(ret.returnNumber)} recorded against sale #${ret.saleReceiptNumber} (${ret.reason}).`,
    ...ret.lines.map(
      (line) =>
        `  line ${line.saleLineNumber}  ${line.quantity} × ${line.name}`.padEnd(48) +
        till.money(line.refundMinor),
    ),
    `  refund     ${till.money(ret.totalMinor)} by ${methodLabel(ret.refundPaymentMethod)}`,
  ];
  if (ret.refundPaymentMethod === 'CASH')
    lines.push(`  cash       give back ${till.money(ret.totalMinor)} from the drawer`);
  if (ret.deliveryNote) lines.push(`  platform   ${ret.deliveryNote}`);
  return lines;
}

export function registerSalesReturn(sales: Command): void {
  addActingOptions(
    sales
      .command('return <receipt>')
      .description('Return goods against a sale: choose lines and quantities, refund them')
      .option('--reason <text>', 'why (required): it stays on record and on the refund receipt')
      .option('--line <n>', 'a line of the sale to return (repeat with --quantity)', collect, [])
      .option('--quantity <q>', 'how many of the --line before it', collect, [])
      .option('--refund <how>', 'original (the sale payment method) or cash', 'original')
      .option('--json', 'print the return as JSON'),
  )
    .addHelpText('after', HELP)
    .action((receipt: string, options: Options, command: Command) =>
      withTradingTill(command, async (till) => {
        const lines = linesOf(options, till.locale);
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
        process.stdout.write([...refundText(till, ret), tillLine(till.found)].join('\n') + '\n');
      }),
    );

  sales
    .command('returns')
    .description('List the returns made on this till, newest first')
    .option('--json', 'print JSON instead of text')
    .action((options: { json?: boolean }, command: Command) =>
      withTradingTill(command, (till) => {
        const returns = till.store.listReturns();
        const timeZone = tillTimeZone(till.store.settings.read());
        if (options.json) return void printJson({ returns, till: tillFields(till.found) });
        const rows = returns.map(
          (ret) =>
            `${returnLabel(ret.returnNumber).padEnd(7)} ${shownTime(ret.createdAt, timeZone).padEnd(24)} sale #${String(ret.saleReceiptNumber).padEnd(6)} ${till.money(ret.totalMinor).padStart(12)}  ${methodLabel(ret.refundPaymentMethod).padEnd(13)} ${ret.delivery === 'sent' ? 'sent' : 'not sent'}`,
        );
        process.stdout.write(
          [...(rows.length ? rows : ['No returns yet.']), tillLine(till.found)].join('\n') + '\n',
        );
      }),
    );
}
