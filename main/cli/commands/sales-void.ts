// `tillsync sales void RECEIPT --reason TEXT`: takes back a sale never sent to the platform,
// under the till's rules (main/trading/desk.ts: a manager voids, or approves, where the till
// has cashiers). A sale that was sent, is being sent or is in doubt is refused with the
// reason and a return offered (exit 11); nothing is written.
import type { Command } from 'commander';
import { addActingOptions, type ActingOptions } from '../acting-cashier.js';
import { printJson } from '../io.js';
import { accepted } from '../refusal.js';
import { tillFields, tillLine } from '../store-access.js';
import { withTradingTill } from '../trading-till.js';

type Options = ActingOptions & { reason?: string; json?: boolean };

const HELP = `
Only a sale the till has not tried to send yet can be voided: it is never sent, stays on
record as voided, and counts in the day's and the shift's voids, not in their sales; its
cash leaves the drawer's expected figure. A sale already on the platform, being sent, refused
or in doubt cannot be voided: make a return instead.

With cashiers set up, a manager voids (--cashier a manager), or approves (--manager NAME).
PINs are never arguments: TILLSYNC_PIN and TILLSYNC_MANAGER_PIN, else typed at the prompt.`;

export function registerSalesVoid(sales: Command): void {
  addActingOptions(
    sales
      .command('void <receipt>')
      .description('Void a sale not yet sent to the platform, with the reason')
      .option('--reason <text>', 'why (required): it stays on record and on the reports')
      .option('--json', 'print the voided sale as JSON'),
  )
    .addHelpText('after', `\n<receipt>: the receipt number (12 or #12) or the sale id.${HELP}`)
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
