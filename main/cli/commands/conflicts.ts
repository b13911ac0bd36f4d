// `tillsync conflicts`: the sales the platform refused, with its reason, and what a
// person can do about each: retry as is, edit, or discard with a reason.
import type { Command } from 'commander';
import { currencyDecimals, formatMinor } from '../../../db/money.js';
import type { Result } from '../../../db/result.js';
import type { ConflictChange } from '../../../db/conflicts.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printError, printJson, readJsonInput } from '../io.js';
import { withStore, type DataDirOption } from '../store-access.js';

function finish(result: Result<ConflictChange>, json?: boolean): void {
  if (!result.ok) {
    printError(result.error);
    throw new CliError('', EXIT.invalidInput);
  }
  if (json) return void printJson(result.value);
  const { receiptNumber, state, revision } = result.value;
  const what =
    state === 'discarded'
      ? 'is discarded (it stays on record with the reason)'
      : `is queued to be sent again (revision ${revision}); a running Tillsync sends it at its next pass, or run \`tillsync sync --once\``;
  process.stdout.write(`Sale #${receiptNumber} ${what}.\n`);
}

export function registerConflicts(program: Command): void {
  const conflicts = program
    .command('conflicts')
    .description('Sales the platform refused, and what to do with them');
  const globals = (command: Command) => command.optsWithGlobals<DataDirOption>();

  conflicts
    .command('list', { isDefault: true })
    .description('List the sales in conflict with the reason the platform gave')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      await withStore(globals(command), (store) => {
        const rows = store.listConflicts();
        if (options.json) return void printJson(rows);
        if (rows.length === 0) return void process.stdout.write('No sales in conflict.\n');
        const lines = rows.map((row) => {
          const total = `${formatMinor(row.totalMinor, currencyDecimals(row.currency))} ${row.currency}`;
          return `#${row.receiptNumber}  ${new Date(row.createdAt).toLocaleString()}  ${total}\n    ${row.reason ?? 'no reason given'}`;
        });
        lines.push(
          'Resolve with: tillsync conflicts retry <receipt> | edit <receipt> --file fixed.json | discard <receipt> --reason "..."',
        );
        process.stdout.write(lines.join('\n') + '\n');
      });
    });

  conflicts
    .command('retry <sale>')
    .description('Send a sale again as it is (sale id or receipt number)')
    .option('--json', 'print JSON')
    .action(async (sale: string, options: { json?: boolean }, command: Command) => {
      await withStore(globals(command), (store) => finish(store.retryConflict(sale), options.json));
    });

  conflicts
    .command('edit <sale>')
    .description(
      'Replace a sale with a fixed one (JSON, like `record`): a new revision with a new key',
    )
    .requiredOption('--file <path>', 'the fixed sale as JSON')
    .option('--json', 'print JSON')
    .action(async (sale: string, options: { file: string; json?: boolean }, command: Command) => {
      const input = await readJsonInput(options.file);
      await withStore(globals(command), (store) =>
        finish(store.editConflict(sale, input), options.json),
      );
    });

  conflicts
    .command('discard <sale>')
    .description('Give up on a sale: it stays on record, marked discarded, with your reason')
    .requiredOption('--reason <text>', 'why it is discarded')
    .option('--json', 'print JSON')
    .action(async (sale: string, options: { reason: string; json?: boolean }, command: Command) => {
      await withStore(globals(command), (store) =>
        finish(store.discardConflict(sale, { reason: options.reason }), options.json),
      );
    });
}
