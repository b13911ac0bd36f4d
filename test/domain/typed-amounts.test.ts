// Amounts and quantities typed in the till's locale: the readings people mean, the refusals
// in a cashier's words (naming the field), and the locale a till, a browser or a terminal has.
import { describe, expect, it } from 'vitest';
import { effectiveLocale, localeOfEnvironment, localeOfPosix } from '../../domain/locale.js';
import { parseAmount, parseQuantity } from '../../domain/typed-amounts.js';

const amount = (text: string, locale: string, currency: string) =>
  parseAmount(text, { locale, currency, field: 'Cash tendered' });

describe('an amount typed in the till locale', () => {
  it.each([
    ['de-DE', 'EUR', '2,50 €', 250],
    ['de-DE', 'EUR', '€2,50', 250],
    ['de-DE', 'EUR', 'EUR 2,50', 250],
    ['de-DE', 'EUR', 'eur 2,50', 250],
    ['de-DE', 'EUR', '1.234,5', 123_450],
    // "." cannot group "12.50" in Germany: the English habit is read as it is meant.
    ['de-DE', 'EUR', '12.50', 1250],
    ['de-DE', 'EUR', '1.234', 123_400],
    ['en-US', 'USD', '$1,234.50', 123_450],
    ['en-US', 'USD', '0,5', 50],
    ['en-US', 'USD', '1,005', 100_500],
    ['fr-FR', 'EUR', '1\u202f234,50\u00a0€', 123_450],
    ['fr-FR', 'EUR', '1 234,50', 123_450],
    ['fr-FR', 'EUR', '2.50', 250],
    ['de-CH', 'CHF', "CHF 1'234.50", 123_450],
    ['de-CH', 'CHF', '1\u2019234.50', 123_450],
    ['de-CH', 'CHF', '2,50', 250],
    ['en-IN', 'INR', '₹1,23,456.50', 12_345_650],
    ['en-IN', 'INR', '123,456', 12_345_600],
    ['ja-JP', 'JPY', '￥1,235', 1235],
    ['pt-BR', 'BRL', 'R$ 1.234,56', 123_456],
    ['es-ES', 'EUR', '1234,50 €', 123_450],
    ['en-US', 'KWD', '1.234', 1234],
    ['de-DE', 'KWD', '1,234', 1234],
    ['de-DE', 'KWD', '0.500', 500],
  ])('%s %s: %j is %i minor units', (locale, currency, text, minor) => {
    expect(amount(text, locale, currency)).toEqual({ ok: true, value: minor });
  });

  it('refuses text two readings fit, naming both in money words and how to type each', () => {
    expect(amount('1.234', 'de-DE', 'KWD')).toEqual({
      ok: false,
      error: {
        code: 'ambiguous_amount',
        why: 'ambiguous',
        message:
          'Cash tendered is ambiguous: 1.234 could be 1.234,000\u00a0KWD or 1,234\u00a0KWD. Type 1234 or 1,234',
        say: {
          key: 'field.amount.ambiguous',
          values: {
            field: 'Cash tendered',
            currency: 'KWD',
            example: '52,500',
            typed: '1.234',
            first: '1.234,000\u00a0KWD',
            second: '1,234\u00a0KWD',
            firstTyped: '1234',
            secondTyped: '1,234',
          },
        },
      },
    });
    expect(amount('1,234', 'en-US', 'KWD')).toMatchObject({
      error: {
        message:
          'Cash tendered is ambiguous: 1,234 could be KWD\u00a01,234.000 or KWD\u00a01.234. Type 1234 or 1.234',
      },
    });
    // "." is not the French group, but could be one there: refused too, never guessed.
    expect(amount('1.234', 'fr-FR', 'BHD')).toMatchObject({ error: { code: 'ambiguous_amount' } });
    expect(parseQuantity('1.234', 'de-DE')).toMatchObject({
      error: {
        message: 'Quantity is ambiguous: 1.234 could be 1234 or 1,234. Type one of those',
      },
    });
  });

  it("refuses what is not an amount in the currency, in a cashier's words naming the field", () => {
    const refusals: Array<[string, string, string, string]> = [
      [
        'de-DE',
        'EUR',
        '2,505',
        'Cash tendered has 3 decimals (2,505), but EUR has 2: write it like 52,50',
      ],
      [
        'ja-JP',
        'JPY',
        '1.5',
        'Cash tendered has decimals (1.5), but JPY has no minor unit: give whole JPY, like 52',
      ],
      [
        'de-DE',
        'EUR',
        'zwei',
        'Cash tendered is not an amount (you typed "zwei"): write it like 52,50',
      ],
      [
        'de-DE',
        'EUR',
        '1,234.5',
        'Cash tendered is not an amount (you typed "1,234.5"): write it like 52,50',
      ],
      [
        'en-US',
        'USD',
        '12.5.0',
        'Cash tendered is not an amount (you typed "12.5.0"): write it like 52.50',
      ],
      [
        'en-US',
        'USD',
        '$5 €',
        'Cash tendered is not an amount (you typed "$5 €"): write it like 52.50',
      ],
      [
        'en-US',
        'USD',
        '1 234',
        'Cash tendered is not an amount (you typed "1 234"): write it like 52.50',
      ],
      [
        'en-US',
        'USD',
        '-5',
        'Cash tendered must not be negative (you typed -5): give the amount itself, like 52.50',
      ],
      ['en-US', 'KWD', '', 'Cash tendered is missing: type an amount in KWD, like 52.500'],
      ['en-US', 'USD', '99999999999999999', 'Cash tendered is too large (99999999999999999)'],
      // Groups only where groups go: "1,23" is a decimal, "1,2345" is not an amount.
      [
        'en-US',
        'USD',
        '1,2345',
        'Cash tendered has 4 decimals (1,2345), but USD has 2: write it like 52.50',
      ],
    ];
    for (const [locale, currency, text, message] of refusals)
      expect(amount(text, locale, currency), `${locale} ${text}`).toMatchObject({
        ok: false,
        error: { code: 'invalid_amount', message },
      });
  });
});

describe('a quantity typed in the till locale', () => {
  it.each([
    ['de-DE', '0,5', 500],
    ['de-DE', '1,125', 1125],
    ['de-DE', '0.5', 500],
    ['fr-FR', '0,25', 250],
    ['en-US', '0.5', 500],
    ['en-US', '2', 2000],
    ['en-US', '1,000,000', 1_000_000_000],
  ])('%s: %j is %i thousandths', (locale, text, milli) => {
    expect(parseQuantity(text, locale)).toEqual({ ok: true, value: milli });
  });

  it('says what is wrong the way the cart does, with the locale example', () => {
    expect(parseQuantity('zwei', 'de-DE')).toMatchObject({
      error: { message: 'Quantity must be a number, like 2 or 0,5' },
    });
    expect(parseQuantity('1,2345', 'de-DE')).toMatchObject({
      error: { message: 'At most 3 decimal places' },
    });
    expect(parseQuantity('-1', 'de-DE', 'Quantity to return')).toMatchObject({
      error: { message: 'Quantity to return cannot be negative' },
    });
  });
});

describe('the till locale', () => {
  it('is the setting, else the system, else en-US, always in canonical form', () => {
    expect(effectiveLocale('de-ch', 'fr-FR')).toBe('de-CH');
    expect(effectiveLocale(null, 'fr-FR')).toBe('fr-FR');
    expect(effectiveLocale(null, undefined)).toBe('en-US');
    expect(effectiveLocale(null, 'not a locale')).toBe('en-US');
  });

  it("is read from a terminal's environment as POSIX does: LC_ALL, LC_NUMERIC, then LANG", () => {
    expect(localeOfPosix('de_DE.UTF-8')).toBe('de-DE');
    expect(localeOfPosix('fr_FR@euro')).toBe('fr-FR');
    expect(localeOfPosix('C.UTF-8')).toBeUndefined();
    expect(localeOfPosix('POSIX')).toBeUndefined();
    expect(localeOfEnvironment({ LANG: 'de_DE.UTF-8', LC_NUMERIC: 'fr_FR.UTF-8' })).toBe('fr-FR');
    expect(localeOfEnvironment({ LANG: 'de_DE.UTF-8', LC_ALL: 'C' })).toBeUndefined();
    expect(localeOfEnvironment({ LANG: 'pt_BR.UTF-8' })).toBe('pt-BR');
  });
});
