import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyDecimals,
  formatMinor,
  fromScaledInteger,
  isKnownCurrency,
  lineTotalMinor,
  priceLines,
  toScaledInteger,
} from '../../domain/money.js';
import { parseAmount } from '../../domain/typed-amounts.js';

describe('money', () => {
  it('converts prices to exact minor units where float multiplication would not', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(toScaledInteger(0.29, 2)).toBe(29);
    expect(toScaledInteger(0.1, 2)! + toScaledInteger(0.2, 2)!).toBe(30);
    expect(toScaledInteger(1.005, 3)).toBe(1005);
    expect(toScaledInteger(12.5, 0)).toBeUndefined();
    expect(toScaledInteger(100, 0)).toBe(100);
    expect(toScaledInteger(0, 2)).toBe(0);
  });

  it('rejects more decimals than allowed, including exponent notation', () => {
    expect(toScaledInteger(0.001, 2)).toBeUndefined();
    expect(toScaledInteger(1e-7, 2)).toBeUndefined();
    expect(toScaledInteger(2e-7, 7)).toBe(2);
  });

  it('rejects negative, non-finite and unsafe values', () => {
    expect(toScaledInteger(-1, 2)).toBeUndefined();
    expect(toScaledInteger(Number.NaN, 2)).toBeUndefined();
    expect(toScaledInteger(Number.POSITIVE_INFINITY, 2)).toBeUndefined();
    expect(toScaledInteger(1e21, 2)).toBeUndefined();
  });

  it('round-trips every safe count of minor units through its JSON number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 13 }),
        fc.integer({ min: 0, max: 3 }),
        (minor, decimals) => {
          const wire = JSON.parse(JSON.stringify(fromScaledInteger(minor, decimals))) as number;
          expect(toScaledInteger(wire, decimals)).toBe(minor);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('rounds a weighed line half up to the minor unit', () => {
    expect(lineTotalMinor(125, 1999)).toBe(250); // 0.125 kg at 19.99 = 2.49875
    expect(lineTotalMinor(500, 1)).toBe(1); // half a cent rounds up
    expect(lineTotalMinor(499, 1)).toBe(0);
    expect(lineTotalMinor(2000, 350)).toBe(700);
  });

  it('prices lines and their total exactly, naming the first line past exact integers', () => {
    const line = (quantityMilli: number, unitPriceMinor: number) => ({
      quantityMilli,
      unitPriceMinor,
    });
    expect(priceLines([line(1000, 10), line(1000, 20), line(125, 1999)])).toEqual({
      lines: [
        { ...line(1000, 10), lineTotalMinor: 10 },
        { ...line(1000, 20), lineTotalMinor: 20 },
        { ...line(125, 1999), lineTotalMinor: 250 },
      ],
      totalMinor: 280,
    });
    const huge = line(90_000_000, 99_999_999_999); // 9e15 minor units: still exact alone
    expect(priceLines([huge, huge, huge])).toEqual({ tooLargeAt: 1 });
  });

  it('knows the minor units of common currencies', () => {
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('KWD')).toBe(3);
    expect(isKnownCurrency('KES')).toBe(true);
    expect(isKnownCurrency('ABC')).toBe(false);
    expect(isKnownCurrency('usd')).toBe(false);
  });

  it("reads money as typed, exactly, in the currency's minor units (domain/typed-amounts.ts)", () => {
    const typed = (text: string, currency = 'USD') =>
      parseAmount(text, { locale: 'en-US', currency, field: 'Amount' });
    expect(typed('20')).toEqual({ ok: true, value: 2000 });
    expect(typed('20.5')).toEqual({ ok: true, value: 2050 });
    expect(typed('0,29')).toEqual({ ok: true, value: 29 });
    expect(typed('20.505').ok).toBe(false);
    expect(typed('1000', 'JPY')).toEqual({ ok: true, value: 1000 });
    expect(typed('-1').ok).toBe(false);
    expect(typed('abc').ok).toBe(false);
  });

  it('formats minor units as plain decimal text', () => {
    expect(formatMinor(5, 2)).toBe('0.05');
    expect(formatMinor(12345, 2)).toBe('123.45');
    expect(formatMinor(7, 0)).toBe('7');
    expect(formatMinor(-250, 2)).toBe('-2.50');
  });
});
