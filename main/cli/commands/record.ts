// `tillsync record`: records one sale given as JSON on stdin or in a file, into the till's
// store (in sandbox mode the app then sends it to its sandbox). The sale is checked here, as
// it comes in, by the same schema the UI's recordSale goes through (domain/new-sale.ts).
import type { Command } from 'commander';
import { invalidInput } from '../../../db/field-errors.js';
import { newSale } from '../../../domain/new-sale.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printError, printJson, readJsonInput } from '../io.js';
import { tillFields, withStore } from '../store-access.js';

export function registerRecord(program: Command): void {
  program
    .command('record')
    .description('Record one sale, given as JSON on standard input or with --file')
    .option('--file <path>', 'read the sale from this JSON file instead of standard input')
    .action(async (options: { file?: string }, command: Command) => {
      const sale = newSale.safeParse(await readJsonInput(options.file));
      if (!sale.success) {
        printError(invalidInput('The sale is not valid', sale.error));
        throw new CliError('', EXIT.invalidInput);
      }
      await withStore(command, (store, found) => {
        const receipt = store.recordSale(sale.data);
        if (!receipt.ok) {
          printError(receipt.error);
          throw new CliError(
            '',
            receipt.error.code === 'invalid_input' ? EXIT.invalidInput : EXIT.failure,
          );
        }
        const { saleId, receiptNumber, state } = receipt.value;
        printJson({ saleId, receiptNumber, state, till: tillFields(found) });
      });
    });
}
