// Receipts and shift reports in the till's language: a German receipt in euros says
// "Summe" and "Rückgeld" with German numbers and dates, a French Z report says "RAPPORT Z"
// with French ones, and English paper stays as the golden files have it.
import { describe, expect, it } from 'vitest';
import { receiptRollLines, refundRollLines } from '../../domain/views/receipt-roll.js';
import { reportLines } from '../../domain/views/shift-report-view.js';
import { FRENCH, GERMAN, germanSale } from '../helpers/paper-locales.js';
import { discounted, FORMAT, refund } from '../helpers/receipt-fixtures.js';
import { zReport } from '../helpers/shift-report.js';

/** Intl writes "4,50 €" with a no-break space: read as a plain one. */
const plain = (lines: string[]) => lines.join('\n').replace(/[\u00a0\u202f]/g, ' ');

describe('a receipt in German (de-DE, EUR)', () => {
  const text = plain(receiptRollLines(germanSale, 48, GERMAN));

  it('labels every part in German', () => {
    for (const words of [
      'Zwischensumme',
      'Summe',
      'Bezahlt mit Bargeld',
      'Rückgeld',
      'Kunde: Jürgen Weiß',
      'Es bediente Sie Dörte',
      'Zurückgegeben: R1, R2',
      'Auf der Plattform erfasst.',
      'Bezahlter Preis',
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/Receipt|Total|Change|Paid by|Served by/);
  });

  it('writes numbers, money and the date the German way, in Berlin time', () => {
    expect(text).toMatch(/Beleg Nr\. 1234 +14\.03\.2026 15:09/);
    expect(text).toMatch(/ {2}1,5 × 2,80 € +4,20 €/);
    expect(text).toMatch(/10 % Rabatt: staff +-0,90 €/);
    expect(text).toMatch(/Rückgeld +0,62 €/);
  });

  it('says a refund in German too', () => {
    const eur = { ...refund, currency: 'EUR' };
    const refundText = plain(refundRollLines(eur, 48, GERMAN));
    for (const words of ['*** ERSTATTUNG ***', 'Rückgabe R3', 'Zu Beleg Nr. 42', 'Summe erstattet'])
      expect(refundText).toContain(words);
    expect(refundText).toMatch(/1 zurückgegeben +-3,85 €/);
    expect(refundText).toContain('Genehmigt von Amina');
  });
});

describe('a Z report in French (fr-FR)', () => {
  const text = plain(reportLines({ ...zReport(), currency: 'EUR' }, 48, FRENCH));

  it('labels every part in French', () => {
    for (const words of [
      'RAPPORT Z 12',
      'VENTES',
      'payées en espèces',
      'TIROIR-CAISSE',
      'Fond de caisse',
      '= Attendu dans le tiroir',
      'Manque',
      'MOUVEMENTS DU TIROIR',
      'Dépôt au coffre',
      'corrige le ticket 41',
      'COMPTAGE',
      'PLATEFORME',
      'Refusées par la plateforme',
      'Premier ticket',
    ])
      expect(text).toContain(words);
    expect(text).not.toMatch(/REPORT|Float|Expected|Short|First receipt/);
  });

  it('writes money and dates the French way, in Paris time', () => {
    expect(text).toMatch(/Ouverture +25\/11\/2026 09:00/);
    expect(text).toMatch(/Clôture +25\/11\/2026 19:05/);
    expect(text).toMatch(/Ventes +7 +345,50 €/);
    expect(text).toMatch(/30 × 0,25 € = +7,50 €/);
    expect(text).toMatch(/^14:30 Dépôt au coffre +-50,00 €$/m);
  });

  it('says an X report is one of a shift still open', () => {
    const x = zReport({ kind: 'X', number: null, closedAt: null, closedBy: null });
    expect(plain(reportLines(x, 48, FRENCH))).toContain('RAPPORT X (session encore ouverte)');
  });
});

describe('English paper', () => {
  it('is the same with the locale named as without it (dates in ISO order)', () => {
    const named = receiptRollLines(discounted, 48, FORMAT);
    const { locale: _locale, ...unnamed } = FORMAT;
    expect(named).toEqual(receiptRollLines(discounted, 48, unnamed));
    expect(named.join('\n')).toMatch(/Receipt #42 +2026-11-25 09:30/);
    // Quantities as digits, never grouped: "1234.5 ×" as before, "1234,5 ×" in German.
    const bulk = { ...discounted, lines: [{ ...discounted.lines[2]!, quantity: 1234.5 }] };
    expect(receiptRollLines(bulk, 48, FORMAT).join('\n')).toContain('1234.5 × $2.80');
    expect(plain(receiptRollLines(bulk, 48, GERMAN))).toContain('1234,5 × 2,80 $');
    const report = { timeZone: 'UTC' };
    expect(reportLines(zReport(), 48, { ...report, locale: 'en-US' })).toEqual(
      reportLines(zReport(), 48, report),
    );
  });
});
