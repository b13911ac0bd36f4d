// Text on a receipt printer: names in any language print right through the profile's code
// pages, a character none of them has prints as "?" (never as some other character, never
// as a control byte the printer would obey), reports print line for line, and the test page
// shows every language the profile's code pages carry.
import { describe, expect, it } from 'vitest';
import {
  PRINTER_PROFILES,
  profileColumns,
  type PrinterProfileId,
} from '../../domain/printer-profiles.js';
import { reportLines } from '../../domain/views/shift-report-view.js';
import {
  currencyDisplayFor,
  linesBytes,
  testPageBytes,
} from '../../main/printing/escpos-document.js';
import { printsAsIs } from '../../main/printing/printer-codepages.js';
import {
  columnRuler,
  languageSamples,
  TEST_BARCODE,
} from '../../main/printing/escpos-test-page.js';
import { feedLinesBeforeCut } from '../../main/printing/roll-printer.js';
import { decodeEscPos } from '../helpers/escpos-decode.js';
import { zReport } from '../helpers/shift-report.js';

const ESC_POS = PRINTER_PROFILES.filter((profile) => profile.language === 'esc-pos').map(
  (profile) => profile.id as PrinterProfileId,
);

const NAMES = [
  'Crème brûlée, Müsli, Straße',
  'Gift voucher 10 €',
  'Żurek z Łodzi, pączki',
  'Ελληνικός καφές',
  'Coffee ☕ to go',
];

/** `text` with any of its characters printed as "?" instead. */
const withQuestionMarks = (text: string) =>
  new RegExp(
    [...text].map((char) => `(?:${char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|\\?)`).join(''),
  );

/** Decoded with no command the printer would misread, and cut once. */
function printedLines(bytes: Uint8Array, profile: PrinterProfileId, width: '80mm' | '58mm') {
  const decoded = decodeEscPos(bytes, profile, width);
  expect(decoded.unknown).toEqual([]);
  expect(decoded.cuts).toBe(1);
  expect(decoded.lines.join('')).not.toContain('\uFFFD');
  const feed = feedLinesBeforeCut(profile);
  expect(decoded.lines.slice(-feed)).toEqual(Array<string>(feed).fill(''));
  return decoded.lines.slice(0, -feed);
}

describe('names in any language on the printer', () => {
  it('prints é, ü, ß, €, Polish and Greek exactly on an Epson, and "?" for a coffee cup', () => {
    const lines = printedLines(
      linesBytes(NAMES, { profile: 'epson-tm-t20iii', width: '80mm' }),
      'epson-tm-t20iii',
      '80mm',
    );
    expect(lines).toEqual([...NAMES.slice(0, 4), 'Coffee ? to go']);
  });

  it('prints Greek as "?" on a printer with no Greek code page, but for CP437\'s α and φ', () => {
    const lines = printedLines(
      linesBytes(NAMES, { profile: 'citizen-ct-s310ii', width: '80mm' }),
      'citizen-ct-s310ii',
      '80mm',
    );
    expect(lines).toEqual([...NAMES.slice(0, 3), '????????? ?αφ??', 'Coffee ? to go']);
  });

  for (const profile of ESC_POS)
    it(`prints every name as it is or with "?" for a character, never garbage (${profile})`, () => {
      const lines = printedLines(linesBytes(NAMES, { profile, width: '58mm' }), profile, '58mm');
      expect(lines).toHaveLength(NAMES.length);
      NAMES.forEach((name, i) => expect(lines[i]).toMatch(withQuestionMarks(name)));
      expect(lines.slice(0, 3)).toEqual(NAMES.slice(0, 3)); // Latin: every profile has it
    });

  it('never sends a character as a control byte: • and § print, a BEL or ESC in a name is "?"', () => {
    // The encoder's own automatic code pages send • as BEL (0x07) and § as NAK (0x15).
    const names = ['Tea • 2 § 3', 'Bad\u0007name\u001b@ here'];
    const bytes = linesBytes(names, { profile: 'epson-tm-t20iii', width: '80mm' });
    expect(printedLines(bytes, 'epson-tm-t20iii', '80mm')).toEqual([
      'Tea • 2 § 3',
      'Bad?name?@ here',
    ]);
    // One reset only: the job's own, at its start.
    expect(Buffer.from(bytes).indexOf(Buffer.from([0x1b, 0x40]), 1)).toBe(-1);
  });
});

describe('stand-ins and money', () => {
  it('prints a space for any space, plain quotes and hyphens where a printer lacks the curly ones', () => {
    // Intl writes "1.234,00 €" with a narrow no-break space no code page has.
    const names = ['10,00\u202f€ \u2212 2', 'O\u2019Brien \u2012 \u201chome\u201d'];
    const lines = printedLines(
      linesBytes(names, { profile: 'epson-tm-t20iii', width: '80mm' }),
      'epson-tm-t20iii',
      '80mm',
    );
    // Windows-1252 has ’ “ ”, so they print as they are; U+2212 and U+2012 are stand-ins.
    expect(lines).toEqual(['10,00 € - 2', 'O’Brien - “home”']);
    expect(printsAsIs('O’Brien', 'epson-tm-t20iii')).toBe(true);
    expect(printsAsIs('10,00\u202f€', 'epson-tm-t20iii')).toBe(false);
  });

  it('writes money by its symbol where the printer has it, else by its code', () => {
    for (const currency of ['USD', 'EUR', 'GBP', 'JPY'])
      expect(currencyDisplayFor(currency, 'epson-tm-t20iii', 'en-US'), currency).toBe('symbol');
    for (const [currency, locale] of [
      ['NGN', 'en-NG'], // ₦
      ['INR', 'en-IN'], // ₹
      ['UAH', 'uk-UA'], // ₴
      ['PHP', 'en-PH'], // ₱
    ])
      expect(currencyDisplayFor(currency!, 'epson-tm-t20iii', locale), currency).toBe('code');
    // Windows-1258 has the dong's ₫; a printer without it writes VND.
    expect(currencyDisplayFor('VND', 'epson-tm-t20iii', 'vi-VN')).toBe('symbol');
    expect(currencyDisplayFor('VND', 'xprinter-xp-n160ii', 'vi-VN')).toBe('code');
    // The symbol a locale writes counts: Kenya's shilling is "Ksh" in en-KE.
    expect(currencyDisplayFor('KES', 'pos-5890', 'en-KE')).toBe('symbol');
  });
});

describe('reports on the printer', () => {
  for (const [profile, width, columns] of [
    ['epson-tm-t20iii', '80mm', 48],
    ['pos-5890', '58mm', 32],
  ] as const)
    it(`prints an X report's lines as they are (${profile}, ${width})`, () => {
      const report = zReport({ kind: 'X', number: null, closedBy: null, countedMinor: null });
      const lines = reportLines(report, columns, { timeZone: 'UTC' });
      expect(lines.filter((line) => line.includes('X REPORT'))).toHaveLength(1);
      expect(printedLines(linesBytes(lines, { profile, width }), profile, width)).toEqual(lines);
    });
});

describe('the test page', () => {
  for (const profile of ESC_POS)
    for (const width of ['80mm', '58mm'] as const)
      it(`names the profile, rules the columns, shows each language and a barcode (${profile}, ${width})`, () => {
        const columns = profileColumns(profile, width);
        const bytes = testPageBytes({ profile, width }, ['tcp://192.168.1.50:9100']);
        const decoded = decodeEscPos(bytes, profile, width);
        const lines = printedLines(bytes, profile, width);
        const name = PRINTER_PROFILES.find((one) => one.id === profile)!.name;
        expect(lines[0]!.trim()).toBe(name);
        expect(lines[1]!.trim()).toBe('tcp://192.168.1.50:9100');
        const ruler = columnRuler(columns);
        expect(lines).toEqual(expect.arrayContaining(ruler));
        expect(ruler[1]).toHaveLength(columns);
        const said = lines.map((line) => line.trim()).join(' ');
        const samples = languageSamples({ profile });
        expect(samples.map((sample) => sample.language)).toEqual(
          expect.arrayContaining(['en', 'fr', 'pl', 'ru']),
        );
        for (const sample of samples) expect(said).toMatch(withQuestionMarks(sample.text));
        // The languages of the shops we know print exactly.
        for (const sample of samples.filter((one) =>
          ['en', 'fr', 'pl', 'el', 'tr'].includes(one.language),
        ))
          expect(said).toContain(sample.text);
        expect(decoded.barcodes).toEqual([TEST_BARCODE]);
      });
});
