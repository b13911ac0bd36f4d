// The Till screen's words outside its components, in the till's language: payment methods
// (the three the till knows, a shop's own as its code), how long ago a sale was held, how a
// refund goes back, the shortcut legend and the plurals of a held sale; English unchanged.
import { describe, expect, it } from 'vitest';
import { translator } from '../../domain/i18n/messages.js';
import { methodWords, moneyBackWords, timeAgo } from '../../renderer/src/till/said-words.js';
import { keyLabel, SHORTCUTS } from '../../renderer/src/till/shortcuts.js';

const [english, german, french, spanish] = ['en-US', 'de-DE', 'fr-FR', 'es-ES'].map(translator);
const MINUTE = 60_000;
const now = Date.UTC(2026, 10, 25, 12, 0, 0);

describe('the till words', () => {
  it('names the payment methods the till knows, and a shop-made one by its code', () => {
    expect(['CASH', 'CARD', 'MOBILE_MONEY'].map((m) => methodWords(m, german!))).toEqual([
      'Bargeld',
      'Karte',
      'Mobile Payment',
    ]);
    expect(methodWords('CASH', french!)).toBe('espèces');
    expect(methodWords('GIFT_VOUCHER', spanish!)).toBe('gift voucher');
    expect(['CASH', 'MOBILE_MONEY'].map((m) => methodWords(m, english!))).toEqual([
      'cash',
      'mobile money',
    ]);
  });

  it('says how long ago a sale was held, in the locale', () => {
    const ago = (ms: number) => [english, german, french].map((w) => timeAgo(now - ms, now, w!));
    expect(ago(10_000)).toEqual(['just now', 'gerade eben', 'à l’instant']);
    expect(ago(3 * MINUTE)).toEqual(['3 minutes ago', 'vor 3 Minuten', 'il y a 3 minutes']);
    expect(ago(3 * 60 * MINUTE)).toEqual(['3 hours ago', 'vor 3 Stunden', 'il y a 3 heures']);
    expect(ago(3 * 24 * 60 * MINUTE)).toEqual(['3 days ago', 'vor 3 Tagen', 'il y a 3 jours']);
    // A clock a little behind the agent's: never "in 5 seconds" for a sale held already.
    expect(timeAgo(now + 5_000, now, english!)).toBe('just now');
  });

  it('says how a refund goes back: cash, or the way the sale was paid', () => {
    expect(moneyBackWords('CASH', '4,50\u00a0€', german!)).toBe('Geben Sie 4,50\u00a0€ bar zurück');
    expect(moneyBackWords('CARD', '4,50\u00a0€', french!)).toBe('Remboursez 4,50\u00a0€ par carte');
    expect(moneyBackWords('CARD', '$4.50', english!)).toBe('Refund $4.50 by card');
  });

  it('writes the shortcut legend in the language, Ctrl as Strg in German', () => {
    expect(keyLabel('Control+P', german!)).toBe('Strg+P');
    expect(keyLabel('Control+P', english!)).toBe('Ctrl+P');
    expect(keyLabel('F9', german!)).toBe('F9');
    const legend = (w: typeof german) => SHORTCUTS.map((shortcut) => w!.t(shortcut.label));
    expect(legend(english)).toContain('print the last receipt');
    expect(legend(german)).toContain('letzten Beleg drucken');
    // Every line of the German legend is German: none is left as its English text.
    const shared = legend(german).filter((line, index) => line === legend(english)[index]);
    expect(shared).toEqual([]);
  });

  it('counts a held sale’s lines with the language’s plurals and numbers', () => {
    const summary = (w: typeof german, lines: number) =>
      w!.t('till.held.summary', {
        lines,
        total: '13,00\u00a0€',
        hasCustomer: 'yes',
        customer: 'Amina Njoroge',
        ago: 'gerade eben',
      });
    expect(summary(german, 1)).toBe('1 Position, 13,00\u00a0€, Amina Njoroge, gerade eben geparkt');
    expect(summary(german, 1200)).toMatch(/^1\.200 Positionen, /);
    expect(summary(french, 2)).toMatch(/^2 lignes, /);
    expect(summary(spanish, 1)).toMatch(/^1 línea, /);
    expect(
      english!.t('till.held.summary', {
        lines: 2,
        total: '$13.00',
        hasCustomer: 'no',
        customer: '',
        ago: '2 minutes ago',
      }),
    ).toBe('2 lines, $13.00, held 2 minutes ago');
  });
});
