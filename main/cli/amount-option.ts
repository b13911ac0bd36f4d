// An amount typed on the command line as a person types it ("52.50", "52,50 €"), in the
// currency's major unit and the till's locale, read exactly into minor units
// (domain/typed-amounts.ts). A bad one stops the command before anything is written,
// naming the option it came from.
import { effectiveLocale, localeOfEnvironment } from '../../domain/locale.js';
import { parseAmount } from '../../domain/typed-amounts.js';
import { EXIT } from './exit-codes.js';
import { CliError } from './io.js';

/** The locale a command reads and writes numbers in: the till's, else the terminal's, else en-US. */
export const cliLocale = (
  setting: string | null,
  env: Readonly<Record<string, string | undefined>> = process.env,
) => effectiveLocale(setting, localeOfEnvironment(env));

/** The amount in minor units; a CliError (exit 2) naming `option` when it is not one. */
export function amountOption(
  text: string | undefined,
  option: string,
  currency: string,
  locale: string,
): number {
  // Missing is empty: "--float is missing: type an amount in USD, like 52.50".
  const parsed = parseAmount(text ?? '', { locale, currency, field: option });
  if (!parsed.ok) throw new CliError(`${parsed.error.message}.`, EXIT.invalidInput);
  return parsed.value;
}
