// `tillsync record`: records one sale given as JSON on stdin or in a file, into the till's
// store (in sandbox mode the app then sends it to its sandbox).
import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import { CliError, printError, printJson, readJsonInput } from '../io.js';
import { tillFields, withStore } from '../store-access.js';

export function registerRecord(program: Command): void {
  program
    .command('record')
    .description('Record one sale, given as JSON on standard input or with --file')
    .option('--file <path>', 'read the sale from this JSON file instead of standard input')
    .action(async (options: { file?: string }, command: Command) => {
      const input = await readJsonInput(options.file);
      await withStore(command, (store, found) => {
        const result = store.recordSale(input);
        if (!result.ok) {
          printError(result.error);
          throw new CliError(
            '',
            result.error.code === 'invalid_input' ? EXIT.invalidInput : EXIT.failure,
          );
        }
        const { id, receiptNumber, state } = result.value;
        printJson({ id, receiptNumber, state, till: tillFields(found) });
      });
    });
}
