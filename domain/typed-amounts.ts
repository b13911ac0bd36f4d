// Amounts and quantities a person types at the till or on the command line, in the till's
// locale: "2,50 €" in Germany, "€2.50" or "EUR 2.50" anywhere, exact to the currency's minor
// digits. A refusal says what is wrong in a cashier's words, naming the field; an ambiguous
// text names both its readings in money words and how to type each.
import { readScaled, typedText, type NumberReading } from './locale-numbers.js';
import { currencyDecimals, QUANTITY_DECIMALS } from './money.js';
import { fail, ok, type AppError, type Result } from './result.js';
import { formatMoney } from './views/money-format.js';

export type NumberError = AppError & {
  code: 'invalid_amount' | 'ambiguous_amount';
  /** What went wrong, for callers that say it their own way. */
  why: Exclude<NumberReading, { ok: true }>['why'];
};

export interface AmountOptions {
  locale: string;
  currency: string;
  /** The field's name as the person sees it ("Cash tendered", "--float"). */
  field: string;
}

/** Money typed in the till's currency, in minor units. */
export function parseAmount(text: string, options: AmountOptions): Result<number, NumberError> {
  const { locale, currency, field } = options;
  const decimals = currencyDecimals(currency);
  const reading = readScaled(withoutCurrency(text, currency, locale), locale, decimals);
  if (reading.ok) return ok(reading.scaled);
  const typed = text.trim();
  const example = typedText(
    52 * 10 ** decimals + (decimals ? 5 * 10 ** (decimals - 1) : 0),
    decimals,
    locale,
  );
  const money = (minor: number) => formatMoney(minor, currency, decimals, 'code', locale);
  const plain = (minor: number) => typedText(minor, decimals, locale, 0);
  const words = {
    empty: `${field} is missing: type an amount in ${currency}, like ${example}`,
    negative: `${field} must not be negative (you typed ${typed}): give the amount itself, like ${example}`,
    not_a_number: `${field} is not an amount (you typed "${typed}"): write it like ${example}`,
    too_large: `${field} is too large (${typed})`,
    too_many_decimals:
      decimals === 0
        ? `${field} has decimals (${typed}), but ${currency} has no minor unit: give whole ${currency}, like ${example}`
        : `${field} has ${reading.why === 'too_many_decimals' ? reading.decimalsTyped : ''} decimals (${typed}), but ${currency} has ${decimals}: write it like ${example}`,
    ambiguous:
      reading.why === 'ambiguous'
        ? `${field} is ambiguous: ${typed} could be ${money(reading.readings[0])} or ${money(reading.readings[1])}. Type ${plain(reading.readings[0])} or ${plain(reading.readings[1])}`
        : '',
  };
  return fail(numberError(reading, words[reading.why]));
}

/** A quantity, in thousandths ("0,5" in Germany is 500). */
export function parseQuantity(
  text: string,
  locale: string,
  field = 'Quantity',
): Result<number, NumberError> {
  const reading = readScaled(text, locale, QUANTITY_DECIMALS);
  if (reading.ok) return ok(reading.scaled);
  const plain = (milli: number) => typedText(milli, QUANTITY_DECIMALS, locale, 0);
  const words = {
    empty: `Type a quantity`,
    negative: `${field} cannot be negative`,
    not_a_number: `${field} must be a number, like 2 or ${typedText(500, QUANTITY_DECIMALS, locale, 1)}`,
    too_large: `${field} is too large`,
    too_many_decimals: `At most ${QUANTITY_DECIMALS} decimal places`,
    ambiguous:
      reading.why === 'ambiguous'
        ? `${field} is ambiguous: ${text.trim()} could be ${plain(reading.readings[0])} or ${plain(reading.readings[1])}. Type one of those`
        : '',
  };
  return fail(numberError(reading, words[reading.why]));
}

function numberError(reading: Exclude<NumberReading, { ok: true }>, message: string): NumberError {
  const code = reading.why === 'ambiguous' ? 'ambiguous_amount' : 'invalid_amount';
  return { code, message, why: reading.why };
}

/** The text without the till's currency before or after it: its symbol or its ISO code. */
function withoutCurrency(text: string, currency: string, locale: string): string {
  const typed = text.trim();
  for (const token of currencyTokens(currency, locale)) {
    const upper = typed.toUpperCase();
    if (upper.startsWith(token.toUpperCase())) return typed.slice(token.length).trim();
    if (upper.endsWith(token.toUpperCase())) return typed.slice(0, -token.length).trim();
  }
  return typed;
}

const tokensCache = new Map<string, string[]>();

/** How the currency is written here and in English, longest first ("US$" before "$"). */
function currencyTokens(currency: string, locale: string): string[] {
  const key = `${currency} ${locale}`;
  let tokens = tokensCache.get(key);
  if (tokens === undefined) {
    const symbols = [locale, 'en'].flatMap((where) =>
      (['symbol', 'narrowSymbol'] as const).map(
        (display) =>
          new Intl.NumberFormat(where, { style: 'currency', currency, currencyDisplay: display })
            .formatToParts(1)
            .find((part) => part.type === 'currency')?.value ?? currency,
      ),
    );
    tokens = [...new Set([currency, ...symbols])].sort((a, b) => b.length - a.length);
    tokensCache.set(key, tokens);
  }
  return tokens;
}
