// The shift forms' reading of what a person types: amounts into exact minor units with the
// field named when wrong, and the close's count note by note or as one amount.
import { describe, expect, it } from 'vitest';
import { english, translator } from '../../domain/i18n/messages.js';
import { amountOf } from '../../renderer/src/shift/amount.js';
import { differenceWords } from '../../renderer/src/shift/difference-words.js';
import {
  AMOUNT_FIELD,
  countFieldId,
  emptyCount,
  lineCount,
  readCount,
} from '../../renderer/src/shift/count.js';

const USD = [10000, 2000, 100, 25, 1];
const usd = { currency: 'USD', locale: 'en-US' };
const jpy = { currency: 'JPY', locale: 'en-US' };
const label = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe('amounts typed on the shift forms', () => {
  it('reads amounts exactly into minor units', () => {
    expect(amountOf('52.50', usd, 'Float', english)).toEqual({ ok: true, minor: 5250 });
    expect(amountOf(' 0.29 ', usd, 'Float', english)).toEqual({ ok: true, minor: 29 });
    expect(amountOf('1500', jpy, 'Float', english)).toEqual({ ok: true, minor: 1500 });
    expect(amountOf('0,10', usd, 'Amount', english)).toEqual({ ok: true, minor: 10 });
    // In a German till: its decimal comma, its grouping dot, the euro sign.
    const eur = { currency: 'EUR', locale: 'de-DE' };
    expect(amountOf('1.250,50 €', eur, 'Float', english)).toEqual({ ok: true, minor: 125_050 });
  });

  it('refuses empty, negative, non-numbers and too many decimals, naming the field', () => {
    for (const [text, typing] of [
      ['', usd],
      ['-5', usd],
      ['ten', usd],
      ['1.005', usd],
      ['1.5', jpy],
    ] as const) {
      const read = amountOf(text, typing, 'Float', english);
      expect(read.ok, text).toBe(false);
      if (!read.ok) expect(read.message).toMatch(/^Float (is|has|must)/);
    }
    const read = amountOf('1.5', jpy, 'Amount', english);
    expect(read.ok ? '' : read.message).toMatch(/JPY has no minor unit/);
  });
});

describe('the count at the close', () => {
  it('adds up every note and coin, empty lines counting none', () => {
    const draft = { ...emptyCount(USD), counts: { 2000: '3', 100: ' 2 ', 25: '4', 1: '' } };
    const read = readCount(draft, USD, usd, label, english);
    expect(read).toEqual({
      ok: true,
      totalMinor: 6300,
      count: {
        denominations: [
          { valueMinor: 10000, count: 0 },
          { valueMinor: 2000, count: 3 },
          { valueMinor: 100, count: 2 },
          { valueMinor: 25, count: 4 },
          { valueMinor: 1, count: 0 },
        ],
      },
    });
  });

  it('names each line that is not a whole number', () => {
    const draft = { ...emptyCount(USD), counts: { 2000: '2.5', 25: 'x', 100: '1' } };
    const read = readCount(draft, USD, usd, label, english);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.problems).sort()).toEqual(
      [countFieldId(2000), countFieldId(25)].sort(),
    );
    expect(read.problems[countFieldId(2000)]).toMatch(/^\$20\.00: /);
    expect(lineCount('')).toBe(0);
    expect(lineCount('-1')).toBeUndefined();
  });

  it('counts one amount when asked, and always for a currency with no list', () => {
    expect(emptyCount([]).byNotes).toBe(false);
    expect(readCount({ ...emptyCount([]), amount: '63' }, [], usd, label, english)).toEqual({
      ok: true,
      totalMinor: 6300,
      count: { countedMinor: 6300 },
    });
    const oneAmount = { ...emptyCount(USD), byNotes: false, amount: '12.345' };
    const read = readCount(oneAmount, USD, usd, label, english);
    expect(read.ok ? [] : Object.keys(read.problems)).toEqual([AMOUNT_FIELD]);
    expect(read.ok ? '' : read.problems[AMOUNT_FIELD]).toMatch(/^Cash counted has 3 decimals/);
  });
});

describe("the shift forms' words in the till's language", () => {
  const german = translator('de-DE');
  const eur = { currency: 'EUR', locale: 'de-DE' };
  const euros = (minor: number) => `${(minor / 100).toFixed(2).replace('.', ',')} €`;

  it('names a bad line of the count in German', () => {
    const draft = { ...emptyCount([2000]), counts: { 2000: 'drei' } };
    const read = readCount(draft, [2000], eur, euros, german);
    expect(read.ok ? '' : read.problems[countFieldId(2000)]).toBe(
      '20,00 €: Geben Sie die gezählte Anzahl ein, eine ganze Zahl wie 3.',
    );
  });

  it('says over, short and exact in German, French and Spanish, English unchanged', () => {
    expect(differenceWords(-4150, euros, german)).toBe('Fehlbetrag von 41,50 €');
    expect(differenceWords(250, euros, german)).toBe('Überschuss von 2,50 €');
    expect(differenceWords(0, euros, translator('fr-FR'))).toBe('Exact : ni excédent ni manque');
    expect(differenceWords(-100, euros, translator('es-ES'))).toBe('Faltante de 1,00 €');
    expect(differenceWords(-4150, label, english)).toBe('Short by $41.50');
  });

  it('names the field of a bad amount with the name it is given', () => {
    const read = amountOf('zehn', eur, german.t('shift.open.floatField'), german);
    expect(read.ok ? '' : read.message).toMatch(/^Wechselgeld /);
  });
});
