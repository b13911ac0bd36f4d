// The words of the CLI's text output: the till's language (its locale setting, else the
// terminal's LANG, else English). JSON output and logs never go through here: they stay in
// English codes and messages.
import { existsSync } from 'node:fs';
import { openStore, type Store } from '../../db/store.js';
import { currencyDecimals } from '../../domain/money.js';
import { effectiveLocale, localeOfEnvironment } from '../../domain/locale.js';
import { translator, type Translator } from '../../domain/i18n/messages.js';

/** The locale a command reads and writes numbers in: the till's, else the terminal's, else en-US. */
export const cliLocale = (
  setting: string | null,
  env: Readonly<Record<string, string | undefined>> = process.env,
) => effectiveLocale(setting, localeOfEnvironment(env));

/** The till's words, from its locale setting (else LANG). */
export const tillWords = (store: Store): Translator =>
  translator(cliLocale(store.settings.read().locale));

/** Before a store is open (bad flags, no configuration): the terminal's words (LANG). */
export const terminalWords = (): Translator => translator(cliLocale(null));

/**
 * The words of the till whose database is `file`, for a command that does not keep it open
 * (the doctor, sync): the terminal's when there is no database yet or it does not open (the
 * command then says why, and nothing is created here).
 */
export function wordsOfDatabase(file: string): Translator {
  if (!existsSync(file)) return terminalWords();
  try {
    const store = openStore(file);
    try {
      return tillWords(store);
    } finally {
      store.close();
    }
  } catch {
    return terminalWords();
  }
}

/** An amount beside its currency code, for the lists' columns: "4.50 USD", "1.234,50 EUR". */
export function amountWithCode(words: Translator, minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  const number = new Intl.NumberFormat(words.locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return `${number.format(minor / 10 ** decimals)} ${currency}`;
}
