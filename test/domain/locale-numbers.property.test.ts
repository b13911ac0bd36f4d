// Numbers as people type them, for every locale the till supports and currencies with 0, 2
// and 3 minor digits: what the till shows reads back to the same minor units, and no text
// written with the locale's own separators is ever read 10^k away from what it says.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalText } from '../../domain/locale-numbers.js';
import { currencyDecimals, QUANTITY_DECIMALS } from '../../domain/money.js';
import { numberHabits } from '../../domain/number-habits.js';
import { parseAmount, parseQuantity } from '../../domain/typed-amounts.js';

const LOCALES = ['en-US', 'en-GB', 'de-DE', 'de-CH', 'fr-FR', 'es-ES', 'pt-BR', 'en-IN', 'ja-JP'];
const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD', 'BHD', 'CHF', 'INR'];
const runs = { numRuns: 3000 };

/** Small, a group or two, and up to a hundred billion major units (beyond any till's day). */
const minorUnits = fc.oneof(
  fc.integer({ min: 0, max: 999 }),
  fc.integer({ min: 1000, max: 9_999_999 }),
  fc.integer({ min: 0, max: 100_000_000_000_000 }),
);
const wholes = fc.oneof(
  fc.bigInt({ min: 0n, max: 999n }),
  fc.bigInt({ min: 1000n, max: 999_999n }),
  fc.bigInt({ min: 0n, max: 10n ** 12n }),
);

describe('amounts typed in the till locale', () => {
  it('reads back what the till shows, with or without the symbol, with or without groups', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...CURRENCIES),
        minorUnits,
        fc.constantFrom('symbol', 'narrowSymbol', 'code', 'none'),
        fc.boolean(),
        (locale, currency, minor, display, grouping) => {
          const decimals = currencyDecimals(currency);
          const shown = new Intl.NumberFormat(locale, {
            ...(display === 'none'
              ? {}
              : { style: 'currency', currency, currencyDisplay: display }),
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
            useGrouping: grouping ? 'always' : false,
          }).format(decimalText(minor, decimals));
          const read = parseAmount(shown, { locale, currency, field: 'Cash tendered' });
          expect(read, `${locale} ${currency} ${JSON.stringify(shown)}`).toEqual({
            ok: true,
            value: minor,
          });
        },
      ),
      runs,
    );
  });

  it('never reads a typed number 10^k away: it is the number written, or refused', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...CURRENCIES, 'quantity'),
        wholes,
        fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 5 }),
        fc.boolean(),
        fc.nat(),
        (locale, currency, whole, fraction, grouping, pick) => {
          const habits = numberHabits(locale);
          // Grouped with any of the characters people type for the locale's group separator.
          const group = habits.groupChars[pick % habits.groupChars.length]!;
          const wholeText = new Intl.NumberFormat('en-US', {
            useGrouping: grouping ? 'always' : false,
          })
            .format(whole)
            .replace(/,/g, group);
          const typed = fraction ? `${wholeText}${habits.decimal}${fraction}` : wholeText;
          const decimals = currency === 'quantity' ? QUANTITY_DECIMALS : currencyDecimals(currency);
          const read =
            currency === 'quantity'
              ? parseQuantity(typed, locale)
              : parseAmount(typed, { locale, currency, field: 'Price' });
          if (!read.ok) return;
          taken += 1;
          // Written: whole + fraction / 10^length. Read: value / 10^decimals. The same number.
          expect(fraction.length, typed).toBeLessThanOrEqual(decimals);
          const written =
            whole * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
          expect(BigInt(read.value), `${locale} ${currency} ${JSON.stringify(typed)}`).toBe(
            written,
          );
        },
      ),
      runs,
    );
    // Most of them are numbers the till takes: the property is not met by refusing them all.
    expect(taken).toBeGreaterThan(runs.numRuns / 3);
  });
});
