// What stops a cart from being charged, said in the till's language when the screen passes
// its words, and in English (as the agent's refusal and existing screens read it) otherwise.
import { describe, expect, it } from 'vitest';
import { addProduct, confirmationReason, emptyCart, lineProblem } from '../../domain/cart.js';
import type { CartContent, CartLine } from '../../domain/cart.js';
import { chargeProblem, chargedCart } from '../../domain/cart-charged.js';
import { cartDiscountOf } from '../../domain/cart-discount.js';
import { translator } from '../../domain/i18n/messages.js';

const german = translator('de-DE');
const french = translator('fr-FR');

const bread = { id: 'bread', name: 'Brot', priceMinor: 250, category: null, barcode: null };
const euro = (minor: number) => `${(minor / 100).toFixed(2).replace('.', ',')} €`;
const germanCart = (change: Partial<CartContent> = {}): CartContent => ({
  ...addProduct(emptyCart('CASH'), bread),
  locale: 'de-DE',
  ...change,
});
const line = (quantityText: string): CartLine => ({ product: bread, quantityText });

describe("a cart's problems in the till's language", () => {
  it('says a quantity typed wrong, with the locale example and limits', () => {
    expect(lineProblem(line('zwei'), 'de-DE')).toBe('Quantity must be a number, like 2 or 0,5');
    expect(lineProblem(line('zwei'), 'de-DE', german)).toBe(
      'Menge muss eine Zahl sein, z. B. 2 oder 0,5',
    );
    expect(lineProblem(line('0'), 'de-DE', german)).toBe('Die Menge muss mehr als 0 sein');
    expect(lineProblem(line('2000000'), 'de-DE')).toBe('At most 1000000 at once');
    expect(lineProblem(line('2000000'), 'de-DE', german)).toBe('Höchstens 1.000.000 auf einmal');
    expect(lineProblem(line('0,0005'), 'fr-FR', french)).toBe('Au plus 3 décimales');
  });

  it('says why the cart cannot be charged, the cash tendered named in German', () => {
    expect(chargeProblem(germanCart({ lines: [] }), 'EUR', euro, german)).toBe(
      'Fügen Sie zuerst ein Produkt hinzu.',
    );
    const short = germanCart({ tendered: '2' });
    expect(chargeProblem(short, 'EUR', euro)).toBe('Less than the total (2,50 €)');
    expect(chargeProblem(short, 'EUR', euro, german)).toBe('Weniger als die Summe (2,50 €)');
    const typo = germanCart({ tendered: 'zwei' });
    expect(chargeProblem(typo, 'EUR', euro, german)).toBe(
      'Gegeben ist kein Betrag (Sie haben „zwei“ eingegeben): schreiben Sie ihn wie 52,50',
    );
    expect(chargeProblem(germanCart({ paymentMethod: '' }), 'EUR', euro, french)).toBe(
      'Choisissez un moyen de paiement.',
    );
  });

  it('says a discount refused, naming the product and the base it cannot exceed', () => {
    const discounted = germanCart();
    discounted.lines[0] = {
      ...discounted.lines[0]!,
      discount: { kind: 'amount', text: '3', reason: 'Delle' },
    };
    const refused = chargedCart(discounted, 'EUR', german);
    expect(!refused.ok && refused.problem).toBe(
      'Der Rabatt auf Brot darf nicht mehr sein als die Summe der Position (2.50)',
    );
    const english = chargedCart(discounted, 'EUR');
    expect(!english.ok && english.problem).toBe(
      "Brot's discount must not be more than the line's total (2.50)",
    );
    const noReason = cartDiscountOf(
      { kind: 'percent', text: '10', reason: ' ' },
      'EUR',
      'de-DE',
      german,
    );
    expect(!noReason.ok && noReason.problem).toBe('Sagen Sie, warum der Rabatt gewährt wird');
    const badPercent = cartDiscountOf(
      { kind: 'percent', text: '150', reason: 'x' },
      'EUR',
      'fr-FR',
      french,
    );
    expect(!badPercent.ok && badPercent.problem).toBe(
      'Saisissez un pourcentage de 0,01 à 100, comme 10 ou 12,5',
    );
  });

  it('asks for a second look in German, the total in money of the locale', () => {
    const settings = { confirmAboveAmount: 1, confirmAboveQuantity: 100, currencyDecimals: 2 };
    expect(confirmationReason([line('1')], 250, settings, euro, 'de-DE', german)).toBe(
      'Die Summe ist 2,50 €, mehr als 1,00 €.',
    );
    const many = { ...settings, confirmAboveAmount: 0 };
    expect(confirmationReason([line('150')], 37_500, many, euro, 'de-DE')).toBe(
      '150 × Brot is more than 100.',
    );
    expect(confirmationReason([line('150')], 37_500, many, euro, 'de-DE', german)).toBe(
      '150 × Brot ist mehr als 100.',
    );
  });
});
