// A German and a French sale for receipts in the till's language: names and labels full of
// umlauts, ß, é, è and ç, money in euros, at fixed times in Berlin and Paris.
import type { ReceiptView } from '../../domain/sale.js';
import { discounted } from './receipt-fixtures.js';

/** 2026-03-14 15:09 in Berlin and Paris (UTC+1). */
export const EUROPE_AT = Date.UTC(2026, 2, 14, 14, 9);

export const GERMAN = { timeZone: 'Europe/Berlin', locale: 'de-DE' };
export const FRENCH = { timeZone: 'Europe/Paris', locale: 'fr-FR' };

export const germanSale: ReceiptView = {
  ...discounted,
  shopName: 'Bäckerei Groß',
  tillName: 'Kasse 1',
  receiptNumber: 1234,
  createdAt: EUROPE_AT,
  currency: 'EUR',
  lines: [
    { ...discounted.lines[0]!, name: 'Weißbrot', quantity: 2, unitPriceMinor: 450 },
    { ...discounted.lines[2]!, name: 'Käse (Gouda)', quantity: 1.5, unitPriceMinor: 280 },
  ],
  customerName: 'Jürgen Weiß',
  cashierName: 'Dörte',
};

export const frenchSale: ReceiptView = {
  ...germanSale,
  shopName: 'Pâtisserie François',
  tillName: 'Caisse 2',
  lines: [
    { ...discounted.lines[0]!, name: 'Crème brûlée', quantity: 2, unitPriceMinor: 450 },
    { ...discounted.lines[2]!, name: 'Pain de mie complet', quantity: 1.5, unitPriceMinor: 280 },
  ],
  customerName: 'Hélène Garçon',
  cashierName: 'Zoé',
};
