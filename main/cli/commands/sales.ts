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

export function registerSales(program: Command): void {
  const sales = program.command('sales').description('Read the sales recorded on this till');
  sales
    .command('list')
    .description('List sales, newest first')
    .option('--state <state>', `only sales in this state (${OUTBOX_STATES.join(', ')})`)
    .option('--from <date>', 'only sales on or after this day or time')
    .option('--to <date>', 'only sales up to this day (inclusive) or before this time')
    .option('--limit <n>', 'how many sales to show (1-500)', '50')
    .option('--before <receipt>', 'continue below this receipt number (paging)')
    .option('--json', 'print JSON instead of text')
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

  registerSalesVoid(sales);
  registerSalesReturn(sales);
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
