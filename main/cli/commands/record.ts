// `tillsync record`: records one sale given as JSON on stdin or in a file, into the till's
// store (in sandbox mode the app then sends it to its sandbox). The sale is checked here, as
// it comes in, by the same schema the UI's recordSale goes through (domain/new-sale.ts),
// after a discount's `amount` is turned into minor units of the till's currency
// (main/cli/discount-input.ts). A discount above the limit needs a manager where the till
// has cashiers (--manager, or --cashier a manager): the desk's rule, as at the till.
import type { Command } from 'commander';
import { fieldErrorsFrom } from '../../../db/field-errors.js';
import type { Translator } from '../../../domain/i18n/messages.js';
import { said } from '../../../domain/i18n/said.js';
import { currencyDecimals } from '../../../domain/money.js';
import { newSale } from '../../../domain/new-sale.js';
import { invalidFields, type AppError } from '../../../domain/result.js';
import { addActingOptions, type ActingOptions } from '../acting-cashier.js';
import { discountsInMinor, namedAsWritten } from '../discount-input.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printError, printJson, readJsonInput } from '../io.js';
import { accepted } from '../refusal.js';
import { tillFields } from '../store-access.js';
import { withTradingTill } from '../trading-till.js';

type Options = ActingOptions & { file?: string; json?: boolean };

function refuse(error: AppError, words: Translator): never {
  printError(error, words);
  throw new CliError('', error.code === 'invalid_input' ? EXIT.invalidInput : EXIT.failure);
}

export function registerRecord(program: Command, help: Translator): void {
  addActingOptions(
    program
      .command('record')
      .description(help.t('cli.help.record.description'))
      .option('--file <path>', help.t('cli.help.record.file'))
      .option('--json', help.t('cli.help.record.json')),
    help,
  )
    .addHelpText('after', help.t('cli.help.record.after'))
    .action(async (options: Options, command: Command) => {
      const input = await readJsonInput(options.file);
      const notValid = said('cli.record.notValid');
      await withTradingTill(command, async (till) => {
        const inMinor = discountsInMinor(input, currencyDecimals(till.currency));
        if (!inMinor.ok) refuse(invalidFields(notValid, inMinor.fields), till.words);
        const sale = newSale.safeParse(inMinor.input);
        if (!sale.success)
          refuse(
            namedAsWritten(invalidFields(notValid, fieldErrorsFrom(sale.error)), inMinor.converted),
            till.words,
          );
        const actor = await till.actor(options);
        const discountApprovedBy = accepted(
          till.desk.discountApproval(sale.data, actor),
          till.words,
        );
        const receipt = till.store.recordSale(sale.data, {
          cashierId: actor.signedIn?.id ?? null,
          discountApprovedBy,
        });
        if (!receipt.ok) refuse(namedAsWritten(receipt.error, inMinor.converted), till.words);
        const { saleId, receiptNumber, state, subtotalMinor, totalMinor, discount, lines } =
          receipt.value;
        printJson({
          saleId,
          receiptNumber,
          state,
          subtotalMinor,
          totalMinor,
          discount,
          discountApprovedBy,
          lines: lines.map((line) => ({
            name: line.name,
            quantity: line.quantity,
            unitPriceMinor: line.unitPriceMinor,
            lineTotalMinor: line.lineTotalMinor,
            discount: line.discount,
            chargedTotalMinor: line.chargedTotalMinor,
          })),
          till: tillFields(till.found),
        });
      });
    });
}
