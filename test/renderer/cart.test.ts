// The till's cart rules, as the cashier meets them (pure: no browser needed).
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  cartTotalMinor,
  confirmationReason,
  lineProblem,
  parseMoney,
  quickAmounts,
  type CartLine,
} from '../../renderer/src/till/cart.js';
import { shortcutOf, SHORTCUTS } from '../../renderer/src/till/shortcuts.js';

const limits = { maxQuantity: 1_000_000, quantityDecimals: 3, cashMethod: 'CASH' };
const product = (id: string, priceMinor: number) => ({
  id,
  name: `Product ${id}`,
  price: priceMinor / 100,
  priceMinor,
  category: null,
  barcode: null,
});
const line = (quantityText: string, priceMinor = 175): CartLine => ({
  product: product('a', priceMinor),
  quantityText,
});
const usd = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe('the cart', () => {
  it('adds a new line, then one more on the same line', () => {
    let lines = addProduct([], product('a', 100));
    lines = addProduct(lines, product('b', 200));
    lines = addProduct(lines, product('a', 100));
    expect(lines.map((l) => [l.product.id, l.quantityText])).toEqual([
      ['a', '2'],
      ['b', '1'],
    ]);
    expect(cartTotalMinor(lines)).toBe(400);
  });

  it.each([
    ['2', undefined],
    ['0.5', undefined],
    ['1.125', undefined],
    ['', 'Type a quantity'],
    ['-2', 'Quantity cannot be negative'],
    ['0', 'Quantity must be more than 0'],
    ['0.000', 'Quantity must be more than 0'],
    ['1.23456', 'At most 3 decimal places'],
    ['1e3', 'Quantity must be a number, like 2 or 0.5'],
    ['2000000', 'At most 1000000 at once'],
  ])('says what is wrong with a quantity of "%s"', (typed, problem) => {
    expect(lineProblem(line(typed), limits)).toBe(problem);
  });

  it('refuses a price the catalog got wrong', () => {
    expect(lineProblem(line('1', -5), limits)).toMatch(/price is not valid/);
  });

  it('asks before a large total or a large quantity, and never when set to 0', () => {
    const settings = { confirmAboveAmount: 1000, confirmAboveQuantity: 100, currencyDecimals: 2 };
    expect(confirmationReason([line('1')], 175, settings, usd)).toBeUndefined();
    expect(confirmationReason([line('1')], 100_001, settings, usd)).toBe(
      'The total is $1000.01, more than $1000.00.',
    );
    expect(confirmationReason([line('101')], 17_675, settings, usd)).toMatch(
      /101 × .* more than 100/,
    );
    const never = { ...settings, confirmAboveAmount: 0, confirmAboveQuantity: 0 };
    expect(confirmationReason([line('100000')], 17_500_000, never, usd)).toBeUndefined();
  });

  it('reads money as typed, exactly, in the currency minor units', () => {
    expect(parseMoney('20', 2)).toBe(2000);
    expect(parseMoney('20.5', 2)).toBe(2050);
    expect(parseMoney('0,29', 2)).toBe(29);
    expect(parseMoney('20.505', 2)).toBeUndefined();
    expect(parseMoney('1000', 0)).toBe(1000);
    expect(parseMoney('-1', 2)).toBeUndefined();
    expect(parseMoney('abc', 2)).toBeUndefined();
  });

  it('offers the next round amounts above the total', () => {
    expect(quickAmounts(950, 2)).toEqual([1000, 2000, 5000]);
    expect(quickAmounts(349, 2)).toEqual([400, 500, 1000]);
    expect(quickAmounts(2000, 2)).toEqual([5000, 10000, 20000]); // "Exact" covers $20
  });
});

describe('the shortcuts', () => {
  it('each have their own key, and plain typing is never one', () => {
    expect(new Set(SHORTCUTS.map((s) => s.key)).size).toBe(SHORTCUTS.length);
    const press = (key: string, ctrlKey = false) =>
      shortcutOf({ key, ctrlKey, metaKey: false, altKey: false })?.action;
    expect(press('F9')).toBe('charge');
    expect(press('p', true)).toBe('print');
    expect(press('p')).toBeUndefined();
    expect(press('5')).toBeUndefined();
    expect(press('Enter')).toBeUndefined();
  });
});
