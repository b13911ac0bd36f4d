// `tillsync sales list`: recent sales with their sync state, newest first; `sales void`:
// ./sales-void.ts; `sales return` and `sales returns`: ./sales-return.ts.
import type { Command } from 'commander';
import { shownTime } from '../../../domain/views/local-time.js';
import { z } from 'zod';
import type { Translator } from '../../../domain/i18n/messages.js';
import type { SaleSummary } from '../../../domain/sale.js';
import { OUTBOX_STATES } from '../../../domain/sale-states.js';
import { dateBound } from '../../config/dates.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { EXIT } from '../exit-codes.js';
import { CliError, parseOptions, printError, printJson } from '../io.js';
import { tillFields, tillLine, withStore } from '../store-access.js';
import { amountWithCode, tillWords } from '../words.js';
import { registerSalesVoid } from './sales-void.js';
import { registerSalesReturn } from './sales-return.js';

const listOptions = (timeZone: string) =>
  z.object({
    state: z.enum(OUTBOX_STATES).optional(),
    from: dateBound('from', timeZone).optional(),
    to: dateBound('to', timeZone).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    before: z.coerce.number().int().positive().optional(),
    json: z.boolean().optional(),
  });

export function registerSales(program: Command, help: Translator): void {
  const sales = program.command('sales').description(help.t('cli.help.sales.description'));
  sales
    .command('list')
    .description(help.t('cli.help.sales.list.description'))
    .option(
      '--state <state>',
      help.t('cli.help.sales.list.state', { states: OUTBOX_STATES.join(', ') }),
    )
    .option('--from <date>', help.t('cli.help.sales.list.from'))
    .option('--to <date>', help.t('cli.help.sales.list.to'))
    .option('--limit <n>', help.t('cli.help.sales.list.limit'), '50')
    .option('--before <receipt>', help.t('cli.help.sales.list.before'))
    .option('--json', help.t('cli.help.common.jsonInsteadOfText'))
    .action(async (raw: Record<string, unknown>, command: Command) => {
      await withStore(command, (store, found) => {
        const timeZone = tillTimeZone(store.settings.read());
        const words = tillWords(store);
        const { json, ...filter } = parseOptions(listOptions(timeZone), raw, words);
        const page = store.listSales(filter);
        if (!page.ok) {
          printError(page.error, words);
          throw new CliError('', EXIT.invalidInput);
        }
        if (json) printJson({ ...page.value, till: tillFields(found) });
        else
          process.stdout.write(
            formatTable(page.value.sales, page.value.nextBefore, timeZone, words) +
              tillLine(found, words) +
              '\n',
          );
      });
    });

  registerSalesVoid(sales, help);
  registerSalesReturn(sales, help);
}

function formatTable(
  rows: SaleSummary[],
  nextBefore: number | null,
  timeZone: string,
  words: Translator,
): string {
  if (rows.length === 0) return words.t('cli.sales.noneMatch') + '\n';
  const lines = rows.map((sale) => {
    const total = amountWithCode(words, sale.totalMinor, sale.currency);
    const when = shownTime(sale.createdAt, timeZone, words.locale);
    const method = words.t('cli.sale.method', { method: sale.paymentMethod });
    const state = words.t('cli.sale.state', { state: sale.state });
    // The platform's own reason is quoted as it gave it.
    const reason = sale.lastErrorReason ? `  ${sale.lastErrorReason}` : '';
    return `#${String(sale.receiptNumber).padEnd(6)} ${when.padEnd(24)} ${total.padStart(14)}  ${method.padEnd(13)} ${state}${reason}`;
  });
  if (nextBefore !== null) lines.push(words.t('cli.sales.more', { before: String(nextBefore) }));
  return lines.join('\n') + '\n';
}
