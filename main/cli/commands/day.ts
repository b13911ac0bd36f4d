// `tillsync day`: one day's takings on this till (sales, totals by payment method, cash
// expected in the drawer, refused and waiting sales), the same rows as the Today screen.
import type { Command } from 'commander';
import type { Translator } from '../../../domain/i18n/messages.js';
import { z } from 'zod';
import { currencyDecimals } from '../../../domain/money.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { dayOf } from '../../../domain/time-zone.js';
import { dayCsv, dayRows } from '../../../domain/views/day-view.js';
import { formatMoney } from '../../../domain/views/money-format.js';
import { translator } from '../../../domain/i18n/messages.js';
import { cliLocale } from '../amount-option.js';
import { EXIT } from '../exit-codes.js';
import { CliError, parseOptions, printJson } from '../io.js';
import { noteTill, tillFields, tillLine, withStore } from '../store-access.js';

const dayOptions = z.object({
  date: z.string().optional(),
  json: z.boolean().optional(),
  csv: z.boolean().optional(),
});

export function registerDay(program: Command, help: Translator): void {
  program
    .command('day')
    .description(help.t('cli.help.day.description'))
    .argument('[day]', help.t('cli.help.day.argDay'))
    .option('--date <day>', help.t('cli.help.day.date'))
    .option('--json', help.t('cli.help.common.jsonInsteadOfText'))
    .option('--csv', help.t('cli.help.day.csv'))
    .action(async (given: string | undefined, raw: Record<string, unknown>, command: Command) => {
      const options = parseOptions(dayOptions, raw);
      await withStore(command, (store, found) => {
        // Words and figures in the till's locale (its setting, else LANG); JSON and CSV stay stable.
        const settings = store.settings.read();
        const date = given ?? options.date ?? dayOf(Date.now(), tillTimeZone(settings));
        const words = translator(cliLocale(settings.locale));
        const day = store.dayTotals(date);
        if (!day) throw new CliError(words.t('cli.day.notADay', { date }), EXIT.invalidInput);
        const decimals = currencyDecimals(day.currency);
        if (options.json) return printJson({ ...day, till: tillFields(found) });
        if (options.csv) {
          noteTill(found);
          return void process.stdout.write(dayCsv(day, decimals));
        }
        const money = (minor: number) =>
          formatMoney(minor, day.currency, decimals, 'symbol', words.locale);
        const count = new Intl.NumberFormat(words.locale);
        const hours = (day.to - day.from) / 3_600_000;
        const place = {
          shop: settings.shopName,
          till: settings.tillName,
          date,
          timeZone: day.timeZone,
        };
        const lines = [
          hours === 24
            ? words.t('cli.day.heading', place)
            : words.t('cli.day.headingClocksChanged', { ...place, hours }),
        ];
        const rows = dayRows(day, words);
        const width = Math.max(32, ...rows.map((row) => row.label.length));
        for (const row of rows) {
          const sales = row.count === null ? '' : count.format(row.count);
          const amount = row.amountMinor === null ? '' : money(row.amountMinor);
          lines.push(`  ${row.label.padEnd(width)} ${sales.padStart(6)} ${amount.padStart(14)}`);
        }
        if (day.refused.count > 0)
          lines.push(`  ${words.t('cli.day.refusedHint', { count: day.refused.count })}`);
        lines.push(tillLine(found, words));
        process.stdout.write(lines.join('\n') + '\n');
      });
    });
}
