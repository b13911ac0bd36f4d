// An amount typed on the command line as a person types it ("52.50", "52,50 €"), in the
// currency's major unit and the till's locale, read exactly into minor units
// (domain/typed-amounts.ts). A bad one stops the command before anything is written,
// naming the option it came from.
import { translator } from '../../domain/i18n/messages.js';
import { parseAmount } from '../../domain/typed-amounts.js';
import { EXIT } from './exit-codes.js';
import { CliError } from './io.js';

/** Defined with the CLI's words (./words.ts); here for the commands that read amounts. */
export { cliLocale } from './words.js';

/** The amount in minor units; a CliError (exit 2) naming `option` when it is not one. */
export function amountOption(
  text: string | undefined,
  option: string,
  currency: string,
  locale: string,
): number {
  // Missing is empty: "--float is missing: type an amount in USD, like 52.50".
  const parsed = parseAmount(text ?? '', { locale, currency, field: option });
  if (!parsed.ok) throw new CliError(`${translator(locale).say(parsed.error)}.`, EXIT.invalidInput);
  return parsed.value;
}
