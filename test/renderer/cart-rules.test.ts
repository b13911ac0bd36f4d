// The cart's rules, as the cashier meets them (pure: no browser needed). The agent and the
// Till screen read the same ones (domain/cart.ts).
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  cartContent,
  cartTotalMinor,
  confirmationReason,
  currentLine,
  emptyCart,
  lineProblem,
  lineTotalOf,
  nextPaymentMethod,
  noteUnknownCode,
  quickAmounts,
  removeLine,
  saleFromCart,
  setQuantity,
  MAX_UNKNOWN_CODES,
  type CartLine,
} from '../../domain/cart.js';
import { chargeProblem } from '../../domain/cart-charged.js';
import { shortcutOf, SHORTCUTS } from '../../renderer/src/till/shortcuts.js';
const product = (id: string, priceMinor: number) => ({
  id,
  name: `Product ${id}`,
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
  it('adds a new line, then one more on the same line, which becomes the current line', () => {
    let cart = addProduct(emptyCart('CASH'), product('a', 100));
    cart = addProduct(cart, product('b', 200));
    expect(currentLine(cart)?.product.id).toBe('b');
    cart = addProduct(cart, product('a', 100));
    expect(cart.lines.map((l) => [l.product.id, l.quantityText])).toEqual([
      ['a', '2'],
      ['b', '1'],
    ]);
    // F2 and F3 act on the item just scanned again, not on the bottom line.
    expect(currentLine(cart)?.product.id).toBe('a');
    expect(cartTotalMinor(cart.lines)).toBe(400);
    expect(cartContent.parse(cart)).toEqual(cart);
  });

  it('adds one to a weighed quantity exactly, and keeps a current line after a removal', () => {
    let cart = setQuantity(addProduct(emptyCart('CASH'), product('a', 100)), 'a', '0.1');
    cart = addProduct(cart, product('a', 100));
    expect(cart.lines[0]!.quantityText).toBe('1.1');
    cart = addProduct(cart, product('b', 200));
    cart = removeLine(cart, 'b');
    expect(currentLine(cart)?.product.id).toBe('a');
    expect(currentLine(removeLine(cart, 'a'))).toBeUndefined();
  });

  it('keeps every unknown code of a burst, up to a limit, oldest dropped first', () => {
    let cart = emptyCart('CASH');
    for (let i = 0; i < MAX_UNKNOWN_CODES + 2; i++) cart = noteUnknownCode(cart, `code-${i}`);
    expect(cart.unknownCodes).toHaveLength(MAX_UNKNOWN_CODES);
    expect(cart.unknownCodes[0]).toBe('code-2');
    expect(cart.unknownCodes.at(-1)).toBe(`code-${MAX_UNKNOWN_CODES + 1}`);
  });

  it('totals lines exactly, half up, and shows no total for a quantity that is not one', () => {
    expect(lineTotalOf(line('0.125', 1999))).toBe(250);
    expect(lineTotalOf(line('0.333', 300))).toBe(100);
    expect(lineTotalOf(line('1e3'))).toBeUndefined();
    expect(lineTotalOf(line('15012345000022'))).toBeUndefined();
    expect(cartTotalMinor([line('2', 175), line('abc', 100)])).toBe(350);
  });

  it('says why a cart cannot be charged, in the order a cashier fixes it', () => {
    const cart = { ...emptyCart('CASH'), lines: [line('2', 175)] };
    expect(chargeProblem(emptyCart('CASH'), 'USD', usd)).toBe('Add a product first.');
    expect(chargeProblem({ ...cart, lines: [line('')] }, 'USD', usd)).toBe(
      'Fix the cart first: Type a quantity.',
    );
    expect(chargeProblem({ ...cart, tendered: '3' }, 'USD', usd)).toBe(
      'Less than the total ($3.50)',
    );
    expect(chargeProblem({ ...cart, paymentMethod: '' }, 'USD', usd)).toBe(
      'Choose a payment method.',
    );
    expect(chargeProblem({ ...cart, tendered: '5' }, 'USD', usd)).toBeUndefined();
  });

  it('makes the new sale in minor units, the cash tendered as typed too', () => {
    const cart = {
      ...emptyCart('CASH'),
      lines: [line('0.5', 1999), { ...line('3', 125), product: product('b', 125) }],
      customer: { id: 'cus_1', name: 'Amina', phone: null, email: null },
      tendered: '20,5',
    };
    expect(saleFromCart(cart, 'USD')).toEqual({
      items: [
        { productId: 'a', quantity: 0.5, unitPriceMinor: 1999 },
        { productId: 'b', quantity: 3, unitPriceMinor: 125 },
      ],
      paymentMethod: 'CASH',
      customerId: 'cus_1',
      tenderedMinor: 2050,
    });
    expect(saleFromCart({ ...cart, paymentMethod: 'MOBILE_MONEY' }, 'USD')).not.toHaveProperty(
      'tenderedMinor',
    );
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
    expect(lineProblem(line(typed))).toBe(problem);
  });

  it('refuses a price the catalog got wrong', () => {
    expect(lineProblem(line('1', -5))).toMatch(/price is not valid/);
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

describe('the payment method key', () => {
  it('goes through the methods the shop takes, back to the first after the last', () => {
    const methods = ['cash', 'card', 'voucher'];
    const card = nextPaymentMethod(emptyCart('cash'), methods);
    expect(card.paymentMethod).toBe('card');
    expect(nextPaymentMethod(nextPaymentMethod(card, methods), methods).paymentMethod).toBe('cash');
    // A method the shop no longer takes: the first one it does.
    expect(nextPaymentMethod(emptyCart('cheque'), methods).paymentMethod).toBe('cash');
    expect(nextPaymentMethod(emptyCart('cash'), []).paymentMethod).toBe('');
  });
});

describe('a cart typed in the till locale', () => {
  const german = (lines: CartLine[], tendered = '') => ({
    ...emptyCart('CASH', 'de-DE'),
    lines,
    tendered,
  });

  it('reads "0,5" and "2,50 €" the German way, and adds one in German figures', () => {
    const cart = german([line('0,5', 450)], '2,50 €');
    expect(saleFromCart(cart, 'EUR')).toMatchObject({
      items: [{ quantity: 0.5, unitPriceMinor: 450 }],
      tenderedMinor: 250,
    });
    expect(chargeProblem(cart, 'EUR', usd)).toBeUndefined();
    const more = addProduct(cart, product('a', 450));
    expect(more.lines[0]!.quantityText).toBe('1,5');
    expect(cartTotalMinor(more.lines, 'de-DE')).toBe(675);
  });

  it('refuses an ambiguous quantity instead of reading a thousand', () => {
    const cart = german([line('1.234', 450)]);
    expect(lineProblem(cart.lines[0]!, 'de-DE')).toBe(
      'Quantity is ambiguous: 1.234 could be 1234 or 1,234. Type one of those',
    );
    expect(chargeProblem(cart, 'EUR', usd)).toMatch(/^Fix the cart first: Quantity is ambiguous/);
  });

  it('reads a cart saved before locales the way it was typed', () => {
    const old = cartContent.parse({ ...emptyCart('CASH'), lines: [line('1.250', 1000)] });
    expect(old.locale).toBeUndefined();
    // A locale Intl cannot take is not kept (the agent would have no way to read the cart).
    expect(cartContent.safeParse({ ...old, locale: 'de_DE!' }).success).toBe(false);
    expect(saleFromCart(old, 'USD')).toMatchObject({ items: [{ quantity: 1.25 }] });
  });
});
