// `tillsync refused`: the sales the platform refused, with its reason, and what a
// person can do about each: retry as is, edit, or discard with a reason. A corrected sale
// is checked here, as it comes in, by the schema the UI's editRefused goes through
// (domain/corrected-sale.ts), before the store is opened.
import type { Command } from 'commander';
import { shownTime } from '../../../domain/views/local-time.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { fieldErrorsFrom } from '../../../db/field-errors.js';
import { correctedSale } from '../../../domain/corrected-sale.js';
import type { Translator } from '../../../domain/i18n/messages.js';
import { said } from '../../../domain/i18n/said.js';
import { invalidFields, type Result } from '../../../domain/result.js';
import type { RefusedChange, UncertainSale } from '../../../db/refused.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printError, printJson, readJsonInput } from '../io.js';
import { noteTill, tillFields, tillLine, withStore, type CliTill } from '../store-access.js';
import { amountWithCode, terminalWords, tillWords } from '../words.js';

function finish(
  result: Result<RefusedChange>,
  found: CliTill,
  words: Translator,
  json?: boolean,
): void {
  if (!result.ok) {
    printError(result.error, words);
    throw new CliError('', EXIT.invalidInput);
  }
  if (json) return void printJson({ ...result.value, till: tillFields(found) });
  const { receiptNumber, state, revision } = result.value;
  const done = words.t('cli.refused.changed', {
    receipt: String(receiptNumber),
    state: state === 'discarded' ? 'discarded' : 'queued',
    revision,
  });
  process.stdout.write(`${done}\n${tillLine(found, words)}\n`);
}

function printUncertain(
  rows: UncertainSale[],
  found: CliTill,
  timeZone: string,
  words: Translator,
  json?: boolean,
): void {
  if (json) return void printJson(rows);
  if (rows.length === 0) {
    process.stdout.write(`${words.t('cli.refused.noneUncertain')}\n${tillLine(found, words)}\n`);
    return;
  }
  const lines = rows.map((row) => {
    const total = amountWithCode(words, row.totalMinor, row.currency);
    const where =
      row.state === 'synced'
        ? words.t('cli.refused.uncertainSynced', { platformId: row.platformId ?? 'none' })
        : words.t('cli.refused.uncertainOther', {
            state: words.t('cli.sale.state', { state: row.state }),
          });
    return `#${row.receiptNumber}  ${shownTime(row.createdAt, timeZone, words.locale)}  ${total}  ${where}`;
  });
  lines.push(words.t('cli.refused.uncertainNote', { count: rows.length }), tillLine(found, words));
  process.stdout.write(lines.join('\n') + '\n');
}

export function registerRefused(program: Command, help: Translator): void {
  const refusedSales = program
    .command('refused')
    .description(help.t('cli.help.refused.description'));

  refusedSales
    .command('list', { isDefault: true })
    .description(help.t('cli.help.refused.list.description'))
    .option('--json', help.t('cli.help.common.json'))
    .option('--uncertain', help.t('cli.help.refused.list.uncertain'))
    .action(async (options: { json?: boolean; uncertain?: boolean }, command: Command) => {
      await withStore(command, (store, found) => {
        // A JSON list has no room for the till: it is named on stderr.
        if (options.json) noteTill(found);
        const timeZone = tillTimeZone(store.settings.read());
        const words = tillWords(store);
        if (options.uncertain)
          return void printUncertain(store.listUncertain(), found, timeZone, words, options.json);
        const rows = store.listRefused();
        if (options.json) return void printJson(rows);
        if (rows.length === 0)
          return void process.stdout.write(
            `${words.t('cli.refused.none')}\n${tillLine(found, words)}\n`,
          );
        const lines = rows.map((row) => {
          const total = amountWithCode(words, row.totalMinor, row.currency);
          const flag = row.uncertain ? `  ${words.t('cli.refused.mayBeThere')}` : '';
          // The platform's reason is its own words, quoted as given.
          const reason = row.lastErrorReason ?? words.t('cli.refused.noReason');
          return `#${row.receiptNumber}  ${shownTime(row.createdAt, timeZone, words.locale)}  ${total}${flag}\n    ${reason}`;
        });
        lines.push(words.t('cli.refused.resolveWith'), tillLine(found, words));
        process.stdout.write(lines.join('\n') + '\n');
      });
    });

  refusedSales
    .command('retry <sale>')
    .description(help.t('cli.help.refused.retry.description'))
    .option('--json', help.t('cli.help.common.json'))
    .action(async (sale: string, options: { json?: boolean }, command: Command) => {
      await withStore(command, (store, found) =>
        finish(store.retryRefused(sale), found, tillWords(store), options.json),
      );
    });

  refusedSales
    .command('edit <sale>')
    .description(help.t('cli.help.refused.edit.description'))
    .requiredOption('--file <path>', help.t('cli.help.refused.edit.file'))
    .option('--checked-platform', help.t('cli.help.refused.edit.checkedPlatform'))
    .option('--json', help.t('cli.help.common.json'))
    .action(
      async (
        sale: string,
        options: { file: string; json?: boolean; checkedPlatform?: boolean },
        command: Command,
      ) => {
        const fixed = correctedSale.safeParse(await readJsonInput(options.file));
        if (!fixed.success) {
          const fields = fieldErrorsFrom(fixed.error);
          printError(invalidFields(said('cli.refused.correctedNotValid'), fields), terminalWords());
          throw new CliError('', EXIT.invalidInput);
        }
        await withStore(command, (store, found) =>
          finish(
            store.editRefused(sale, fixed.data, { checkedPlatform: options.checkedPlatform }),
            found,
            tillWords(store),
            options.json,
          ),
        );
      },
    );

  refusedSales
    .command('discard <sale>')
    .description(help.t('cli.help.refused.discard.description'))
    .requiredOption('--reason <text>', help.t('cli.help.refused.discard.reason'))
    .option('--json', help.t('cli.help.common.json'))
    .action(async (sale: string, options: { reason: string; json?: boolean }, command: Command) => {
      await withStore(command, (store, found) =>
        finish(
          store.discardRefused(sale, { reason: options.reason }),
          found,
          tillWords(store),
          options.json,
        ),
      );
    });
}
