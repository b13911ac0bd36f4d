// An amount typed on the command line as a person types it ("52.50", "52,50"), in the
// currency's major unit, read exactly into minor units (domain/money.ts parseMoney). A bad
// one stops the command before anything is written, naming the option it came from.
import { currencyDecimals, parseMoney } from '../../domain/money.js';
import { EXIT } from './exit-codes.js';
import { CliError } from './io.js';

const example = (decimals: number) => (decimals === 0 ? '52' : `52.${'5'.padEnd(decimals, '0')}`);

/** Why `text` is not an amount in this currency, in words naming the option. */
function whyNot(text: string, option: string, currency: string, decimals: number): string {
  const typed = text.trim();
  if (typed.startsWith('-'))
    return `${option} must not be negative (you typed ${typed}): give the amount itself, like ${example(decimals)}.`;
  const fraction = /^\d+[.,](\d+)$/.exec(typed)?.[1];
  if (fraction !== undefined && fraction.length > decimals)
    return decimals === 0
      ? `${option} has decimals (${typed}), but ${currency} has no minor unit: give whole ${currency}, like ${example(decimals)}.`
      : `${option} has ${fraction.length} decimals (${typed}), but ${currency} has ${decimals}: write it like ${example(decimals)}.`;
  if (/^\d{13,}([.,]\d*)?$/.test(typed)) return `${option} is too large (${typed}).`;
  return `${option} is not an amount (you typed "${text}"): write it like ${example(decimals)}.`;
}

/** The amount in minor units; a CliError (exit 2) naming `option` when it is not one. */
export function amountOption(text: string | undefined, option: string, currency: string): number {
  const decimals = currencyDecimals(currency);
  if (text === undefined)
    throw new CliError(
      `${option} is missing: give an amount in ${currency}, like ${example(decimals)}.`,
      EXIT.invalidInput,
    );
  const minor = parseMoney(text, decimals);
  if (minor === undefined)
    throw new CliError(whyNot(text, option, currency, decimals), EXIT.invalidInput);
  return minor;
}
