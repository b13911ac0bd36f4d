// Amounts and quantities a person types at the till or on the command line, in the till's
// locale: "2,50 €" in Germany, "€2.50" or "EUR 2.50" anywhere, exact to the currency's minor
// digits. A refusal says what is wrong in a cashier's words, naming the field; an ambiguous
// text names both its readings in money words and how to type each.
import { readScaled, typedText, type NumberReading } from './locale-numbers.js';
import { currencyDecimals, QUANTITY_DECIMALS } from './money.js';
import { said } from './i18n/said.js';
import { fail, ok, type AppError, type Result, type Said } from './result.js';
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
  const given = { field, currency, example, typed };
  const words = (): Words => {
    switch (reading.why) {
      case 'empty':
        return said('field.amount.empty', given);
      case 'negative':
        return said('field.amount.negative', given);
      case 'not_a_number':
        return said('field.amount.notANumber', given);
      case 'too_large':
        return said('field.amount.tooLarge', given);
      case 'too_many_decimals':
        return decimals === 0
          ? said('field.amount.noMinorUnit', given)
          : said('field.amount.tooManyDecimals', {
              ...given,
              typedDecimals: reading.decimalsTyped,
              decimals,
            });
      case 'ambiguous': {
        const [first, second] = reading.readings;
        return said('field.amount.ambiguous', {
          ...given,
          first: money(first),
          second: money(second),
          firstTyped: plain(first),
          secondTyped: plain(second),
        });
      }
    }
  };
  return fail(numberError(reading, words()));
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
  const words = (): Words => {
    switch (reading.why) {
      case 'empty':
        return said('field.quantity.empty');
      case 'negative':
        return said('field.quantity.negative', { field });
      case 'not_a_number':
        return said('field.quantity.notANumber', {
          field,
          example: typedText(500, QUANTITY_DECIMALS, locale, 1),
        });
      case 'too_large':
        return said('field.quantity.tooLarge', { field });
      case 'too_many_decimals':
        return said('field.quantity.tooManyDecimals', { count: QUANTITY_DECIMALS });
      case 'ambiguous':
        return said('field.quantity.ambiguous', {
          field,
          typed: text.trim(),
          first: plain(reading.readings[0]),
          second: plain(reading.readings[1]),
        });
    }
  };
  return fail(numberError(reading, words()));
}

/** A refusal's English words and their catalog key (the field's name is a value, as given). */
type Words = { message: string; say: Said };

function numberError(reading: Exclude<NumberReading, { ok: true }>, words: Words): NumberError {
  const code = reading.why === 'ambiguous' ? 'ambiguous_amount' : 'invalid_amount';
  return { code, ...words, why: reading.why };
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
