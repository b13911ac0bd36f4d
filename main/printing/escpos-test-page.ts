// The printer's test page (`tillsync printer test`): which profile the till speaks, a ruler
// of the roll's columns, a sentence in every language the profile's code pages carry (the
// code page encoder's own test strings), a barcode and the cut. A character printed as "?"
// or a ruler that wraps tells the shop the profile or the paper width is wrong.
import CodepageEncoder from '@point-of-sale/codepage-encoder';
import { paperWords } from '../../domain/views/receipt-document.js';
import { tillRoll } from '../../domain/views/till-roll.js';
import { profileCodepages } from './printer-codepages.js';
import { rollPrinter, type PrintLayout } from './roll-printer.js';

/** Scanned, it shows the scanner reads the printer's bars; it is no receipt's code. */
export const TEST_BARCODE = 'TEST';

/** "         1         2" over "12345678901234567890": exactly `columns` wide. */
export function columnRuler(columns: number): [string, string] {
  const positions = Array.from({ length: columns }, (_, i) => i + 1);
  return [
    positions.map((n) => (n % 10 === 0 ? String((n / 10) % 10) : ' ')).join(''),
    positions.map((n) => String(n % 10)).join(''),
  ];
}

/** One sentence per language, from the first of the profile's code pages that carries it. */
export function languageSamples(layout: Pick<PrintLayout, 'profile'>) {
  const samples = new Map<string, { codepage: string; text: string }>();
  for (const page of profileCodepages(layout.profile))
    for (const { language, string } of CodepageEncoder.getTestStrings(page.name))
      // Some pages name a language with no sentence (the encoder's km and ja).
      if (typeof string === 'string' && !samples.has(language))
        samples.set(language, { codepage: page.name, text: string });
  return [...samples].map(([language, sample]) => ({ language, ...sample }));
}

/**
 * The test page: `heading` (what the caller wants said, like the address), then the rest, in
 * the till's language (`locale`; English when not given).
 */
export function testPageBytes(layout: PrintLayout, heading: string[], locale?: string): Uint8Array {
  const printer = rollPrinter(layout);
  const roll = tillRoll(printer.columns);
  const { name, language } = printer.profile;
  if (name.length * 2 <= printer.columns)
    printer.line(name, { double: true, bold: true, centre: true });
  else roll.center(name);
  for (const line of heading) roll.center(line);
  const { t } = paperWords(locale);
  roll.text(t('paper.test.columns', { columns: printer.columns, width: layout.width, language }));
  roll.lines().push(...columnRuler(printer.columns));
  roll.rule();
  for (const sample of languageSamples(layout))
    roll.text(`${sample.language} (${sample.codepage}): ${sample.text}`);
  roll.rule();
  for (const line of roll.lines()) printer.line(line);
  printer.line('');
  printer.barcode(TEST_BARCODE);
  printer.line('');
  return printer.cut();
}
