// `tillsync refused`: the sales the platform refused, with its reason, and what a
// person can do about each: retry as is, edit, or discard with a reason. A corrected sale
// is checked here, as it comes in, by the schema the UI's editRefused goes through
// (domain/corrected-sale.ts), before the store is opened.
import type { Command } from 'commander';
import { shownTime } from '../../../domain/views/local-time.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { invalidInput } from '../../../db/field-errors.js';
import { correctedSale } from '../../../domain/corrected-sale.js';
import { currencyDecimals, formatMinor } from '../../../domain/money.js';
import type { Result } from '../../../domain/result.js';
import { plural } from '../../../domain/words.js';
import type { RefusedChange, UncertainSale } from '../../../db/refused.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printError, printJson, readJsonInput } from '../io.js';
import { noteTill, tillFields, tillLine, withStore, type CliTill } from '../store-access.js';

function finish(result: Result<RefusedChange>, found: CliTill, json?: boolean): void {
  if (!result.ok) {
    printError(result.error);
    throw new CliError('', EXIT.invalidInput);
  }
  if (json) return void printJson({ ...result.value, till: tillFields(found) });
  const { receiptNumber, state, revision } = result.value;
  const what =
    state === 'discarded'
      ? 'is discarded (it stays on record with the reason)'
      : `is queued to be sent again (revision ${revision}); a running Tillsync sends it at its next pass, or run \`tillsync sync --once\``;
  process.stdout.write(`Sale #${receiptNumber} ${what}.\n${tillLine(found)}\n`);
}

function printUncertain(
  rows: UncertainSale[],
  found: CliTill,
  timeZone: string,
  json?: boolean,
): void {
  if (json) return void printJson(rows);
  if (rows.length === 0) {
    process.stdout.write(
      `No sale is uncertain: every sale sent got an answer.\n${tillLine(found)}\n`,
    );
    return;
  }
  const lines = rows.map((row) => {
    const total = `${formatMinor(row.totalMinor, currencyDecimals(row.currency))} ${row.currency}`;
    const where =
      row.state === 'synced'
        ? `synced${row.platformId ? ` as ${row.platformId}` : ''}: look for a second copy`
        : `${row.state}: it may be there already`;
    return `#${row.receiptNumber}  ${shownTime(row.createdAt, timeZone)}  ${total}  ${where}`;
  });
  lines.push(
    `${plural(rows.length, 'sale was', 'sales were')} sent without an answer, to a platform not known to honour idempotency keys. Check them on the platform.`,
    tillLine(found),
  );
  process.stdout.write(lines.join('\n') + '\n');
}

export function registerRefused(program: Command): void {
  const refusedSales = program
    .command('refused')
    .description('Sales the platform refused, and what to do with them');

  refusedSales
    .command('list', { isDefault: true })
    .description('List the refused sales with the reason the platform gave')
    .option('--json', 'print JSON')
    .option(
      '--uncertain',
      'list instead the sales that may already be on the platform (sent, never answered)',
    )
    .action(async (options: { json?: boolean; uncertain?: boolean }, command: Command) => {
      await withStore(command, (store, found) => {
        // A JSON list has no room for the till: it is named on stderr.
        if (options.json) noteTill(found);
        const timeZone = tillTimeZone(store.settings.read());
        if (options.uncertain)
          return void printUncertain(store.listUncertain(), found, timeZone, options.json);
        const rows = store.listRefused();
        if (options.json) return void printJson(rows);
        if (rows.length === 0)
          return void process.stdout.write(`No refused sales.\n${tillLine(found)}\n`);
        const lines = rows.map((row) => {
          const total = `${formatMinor(row.totalMinor, currencyDecimals(row.currency))} ${row.currency}`;
          const flag = row.uncertain ? '  (may already be on the platform)' : '';
          return `#${row.receiptNumber}  ${shownTime(row.createdAt, timeZone)}  ${total}${flag}\n    ${row.lastErrorReason ?? 'no reason given'}`;
        });
        lines.push(
          'Resolve with: tillsync refused retry <receipt> | edit <receipt> --file fixed.json | discard <receipt> --reason "..."',
          tillLine(found),
        );
        process.stdout.write(lines.join('\n') + '\n');
      });
    });

  refusedSales
    .command('retry <sale>')
    .description('Send a sale again as it is (sale id or receipt number)')
    .option('--json', 'print JSON')
    .action(async (sale: string, options: { json?: boolean }, command: Command) => {
      await withStore(command, (store, found) =>
        finish(store.retryRefused(sale), found, options.json),
      );
    });

  refusedSales
    .command('edit <sale>')
    .description(
      'Replace a sale with a fixed one (JSON like `record`, prices in minor units): a new revision with a new key',
    )
    .requiredOption(
      '--file <path>',
      'the fixed sale as JSON: items (productId, quantity, unitPriceMinor: 125 is 1.25), paymentMethod, optionally shopId and customerId; no tenderedMinor, as the money paid stays',
    )
    .option(
      '--checked-platform',
      'you looked on the platform and the sale is not there (needed when an attempt got no answer)',
    )
    .option('--json', 'print JSON')
    .action(
      async (
        sale: string,
        options: { file: string; json?: boolean; checkedPlatform?: boolean },
        command: Command,
      ) => {
        const fixed = correctedSale.safeParse(await readJsonInput(options.file));
        if (!fixed.success) {
          printError(invalidInput('The corrected sale is not valid', fixed.error));
          throw new CliError('', EXIT.invalidInput);
        }
        await withStore(command, (store, found) =>
          finish(
            store.editRefused(sale, fixed.data, { checkedPlatform: options.checkedPlatform }),
            found,
            options.json,
          ),
        );
      },
    );

  refusedSales
    .command('discard <sale>')
    .description('Give up on a sale: it stays on record, marked discarded, with your reason')
    .requiredOption('--reason <text>', 'why it is discarded')
    .option('--json', 'print JSON')
    .action(async (sale: string, options: { reason: string; json?: boolean }, command: Command) => {
      await withStore(command, (store, found) =>
        finish(store.discardRefused(sale, { reason: options.reason }), found, options.json),
      );
    });
}
