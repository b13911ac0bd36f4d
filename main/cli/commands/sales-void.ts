// `tillsync sales void RECEIPT --reason TEXT`: takes back a sale never sent to the platform,
// under the till's rules (main/trading/desk.ts: a manager voids, or approves, where the till
// has cashiers). A sale that was sent, is being sent or is in doubt is refused with the
// reason and a return offered (exit 11); nothing is written.
import type { Command } from 'commander';
import type { Translator } from '../../../domain/i18n/messages.js';
import { addActingOptions, type ActingOptions } from '../acting-cashier.js';
import { printJson } from '../io.js';
import { accepted } from '../refusal.js';
import { tillFields, tillLine } from '../store-access.js';
import { withTradingTill } from '../trading-till.js';

type Options = ActingOptions & { reason?: string; json?: boolean };

export function registerSalesVoid(sales: Command, help: Translator): void {
  addActingOptions(
    sales
      .command('void <receipt>')
      .description(help.t('cli.help.sales.void.description'))
      .option('--reason <text>', help.t('cli.help.common.reasonOnReports'))
      .option('--json', help.t('cli.help.sales.void.json')),
    help,
  )
    .addHelpText(
      'after',
      `\n<receipt>: ${help.t('cli.help.sales.void.receiptArg')}${help.t('cli.help.sales.void.after')}`,
    )
    .action((receipt: string, options: Options, command: Command) =>
      withTradingTill(command, async (till) => {
        const actor = await till.actor(options);
        const input = { reason: options.reason ?? '' };
        const voided = accepted(till.desk.voidSale(receipt, input, actor), till.words, {
          '/reason': '--reason',
          '/receipt': 'RECEIPT',
        });
        if (options.json) return void printJson({ ...voided, till: tillFields(till.found) });
        const { t } = till.words;
        const number = String(voided.receiptNumber);
        const lines = [
          t('cli.void.done', { receipt: number, reason: voided.reason }),
          `  ${t('cli.void.total').padEnd(10)} ${t('cli.void.totalValue', { amount: till.money(voided.totalMinor) })}`,
        ];
        if (voided.cashMinor !== 0)
          lines.push(
            `  ${t('cli.void.cash').padEnd(10)} ${t('cli.void.giveBack', { amount: till.money(voided.cashMinor) })}`,
          );
        if (voided.corrected) lines.push(`  ${t('cli.void.corrected')}`);
        lines.push(tillLine(till.found, till.words));
        process.stdout.write(lines.join('\n') + '\n');
      }),
    );
}
