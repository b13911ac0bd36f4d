// A German and a French receipt on an Epson: the printer is sent each accented letter in a
// code page that has it (ESC t), so the paper reads "Rückgeld", "Weißbrot", "espèces" and
// "Garçon" and never "?". Read back through the decoder, line for line with the till roll.
import { describe, expect, it } from 'vitest';
import { profileColumns } from '../../domain/printer-profiles.js';
import { receiptBlocks, refundBlocks } from '../../domain/views/receipt-document.js';
import { receiptRollLines } from '../../domain/views/receipt-roll.js';
import { documentBytes, type PrintLayout } from '../../main/printing/escpos-document.js';
import { feedLinesBeforeCut } from '../../main/printing/roll-printer.js';
import { paperFormat } from '../../main/printing/paper-format.js';
import { decodeEscPos, rollText } from '../helpers/escpos-decode.js';
import { FRENCH, frenchSale, GERMAN, germanSale } from '../helpers/paper-locales.js';
import { refund } from '../helpers/receipt-fixtures.js';

const EPSONS: PrintLayout[] = [
  { profile: 'epson-tm-t20iii', width: '80mm' },
  { profile: 'epson-tm-t88vi', width: '58mm' },
];

describe('receipts in German and French on an Epson (code pages)', () => {
  for (const layout of EPSONS) {
    const columns = profileColumns(layout.profile, layout.width);
    const feed = feedLinesBeforeCut(layout.profile);
    for (const [language, sale, place, words] of [
      [
        'German',
        germanSale,
        GERMAN,
        ['Bäckerei Groß', 'Weißbrot', 'Käse', 'Rückgeld', 'Jürgen Weiß', 'Dörte', '€'],
      ],
      [
        'French',
        frenchSale,
        FRENCH,
        ['Pâtisserie François', 'Crème brûlée', 'espèces', 'Hélène Garçon', 'Zoé', '€'],
      ],
    ] as const)
      it(`prints a ${language} receipt on ${layout.profile} at ${layout.width} with every accent`, () => {
        const format = { ...paperFormat(sale.currency, layout, place.locale), ...place };
        expect(format.currencyDisplay).toBe('symbol');
        const decoded = decodeEscPos(
          documentBytes(receiptBlocks(sale, format), layout),
          layout.profile,
          layout.width,
        );
        expect(decoded.unknown).toEqual([]);
        const printed = rollText(decoded, feed);
        const text = printed.join('\n');
        expect(text).not.toContain('?');
        for (const word of words) expect(text).toContain(word);
        // The printer's lines are the till roll's, character for character (no-break spaces
        // included), but for the double-width shop name.
        const roll = receiptRollLines(sale, columns, place);
        expect(printed.slice(1)).toEqual(roll.slice(1));
      });
  }

  it('prints a French refund receipt with its accents (REMBOURSEMENT, Motif, Approuvé)', () => {
    const layout = EPSONS[0]!;
    const eur = {
      ...refund,
      currency: 'EUR',
      lines: [refund.lines[0]!],
      reason: 'pâte trop cuite',
    };
    const format = { ...paperFormat('EUR', layout, FRENCH.locale), ...FRENCH };
    const decoded = decodeEscPos(documentBytes(refundBlocks(eur, format), layout), layout.profile);
    const text = rollText(decoded, feedLinesBeforeCut(layout.profile)).join('\n');
    for (const word of [
      'REMBOURSEMENT',
      'Total remboursé',
      'Remboursé en espèces',
      'Motif : pâte trop cuite',
      'Approuvé par Amina',
    ])
      expect(text).toContain(word);
    expect(text).not.toContain('?');
  });
});
