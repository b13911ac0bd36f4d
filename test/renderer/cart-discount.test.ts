// Discounts in the cart, as the cashier types them (pure: no browser needed): what each
// takes off and the total charged, the problems in a cashier's words, the sale a cart makes,
// and a saved cart read back with its discounts (and one saved before discounts existed).
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  cartContent,
  emptyCart,
  saleFromCart,
  setQuantity,
} from '../../domain/cart.js';
import { chargedCart, chargeProblem, setDiscount } from '../../domain/cart-charged.js';
import { newSale } from '../../domain/new-sale.js';

const product = (id: string, priceMinor: number) => ({
  id,
  name: `Product ${id}`,
  priceMinor,
  category: null,
  barcode: null,
});
const usd = (minor: number) => `$${(minor / 100).toFixed(2)}`;

/** 3 × 3.33 (tea) and 1 × 10.00 (jam). */
const cart = () =>
  addProduct(
    setQuantity(addProduct(emptyCart('CASH'), product('tea', 333)), 'tea', '3'),
    product('jam', 1000),
  );

describe('discounts in the cart', () => {
  it('takes a line discount, then the sale discount from what is left, to the minor unit', () => {
    let discounted = setDiscount(
      cart(),
      { productId: 'tea' },
      { kind: 'percent', text: '10', reason: 'dented' },
    );
    discounted = setDiscount(discounted, 'sale', {
      kind: 'amount',
      text: '1.50',
      reason: 'regular',
    });
    const charged = chargedCart(discounted, 'USD');
    expect(charged.ok).toBe(true);
    if (!charged.ok) return;
    // 9.99 less 1.00 = 8.99; with 10.00: 18.99, less 1.50 = 17.49.
    expect(
      charged.value.lines.map((line) => [line.lineDiscountMinor, line.saleDiscountShareMinor]),
    ).toEqual([
      [100, 71],
      [0, 79],
    ]);
    expect(charged.value).toMatchObject({ saleDiscountMinor: 150, chargedTotalMinor: 1749 });
    // The cash handed over is compared with what is charged.
    expect(chargeProblem({ ...discounted, tendered: '17.48' }, 'USD', usd)).toBe(
      'Less than the total ($17.49)',
    );
    expect(chargeProblem({ ...discounted, tendered: '17.49' }, 'USD', usd)).toBeUndefined();
    // The sale it makes carries the same discounts, in minor units, and prices the same.
    const sale = newSale.parse(saleFromCart(discounted, 'USD'));
    expect(sale.lines[0]!.discount).toEqual({
      kind: 'percent',
      basisPoints: 1000,
      reason: 'dented',
    });
    expect(sale.discount).toEqual({ kind: 'amount', amountMinor: 150, reason: 'regular' });
    // Saved and read back whole; taken away, it is gone.
    expect(cartContent.parse(JSON.parse(JSON.stringify(discounted)))).toEqual(discounted);
    expect(
      setDiscount(setDiscount(discounted, 'sale', undefined), { productId: 'tea' }, undefined),
    ).toEqual(cart());
  });

  it("says what is wrong with a discount in a cashier's words, and blocks Charge", () => {
    const on = (discount: { kind: 'percent' | 'amount'; text: string; reason: string }) =>
      setDiscount(cart(), { productId: 'tea' }, discount);
    const problem = (discount: Parameters<typeof on>[0]) => {
      const charged = chargedCart(on(discount), 'USD');
      return charged.ok ? undefined : charged.problem;
    };
    expect(problem({ kind: 'percent', text: '10', reason: ' ' })).toBe(
      "Product tea's discount: Say why the discount is given",
    );
    expect(problem({ kind: 'percent', text: '120', reason: 'x' })).toMatch(/from 0\.01 to 100/);
    expect(problem({ kind: 'amount', text: '1.505', reason: 'x' })).toMatch(
      /has 3 decimals \(1\.505\), but USD has 2/,
    );
    expect(problem({ kind: 'amount', text: '10', reason: 'x' })).toBe(
      "Product tea's discount must not be more than the line's total (9.99)",
    );
    expect(chargeProblem(on({ kind: 'amount', text: '10', reason: 'x' }), 'USD', usd)).toMatch(
      /^Fix the discount first: /,
    );
    // In a currency without minor units an amount is whole.
    expect(
      chargedCart(setDiscount(cart(), 'sale', { kind: 'amount', text: '1.5', reason: 'x' }), 'JPY')
        .ok,
    ).toBe(false);
  });

  it('reads a cart saved before discounts existed', () => {
    const old = JSON.parse(JSON.stringify(cart())) as Record<string, unknown>;
    expect(cartContent.parse(old)).toEqual(cart());
    expect(chargedCart(cart(), 'USD')).toMatchObject({
      ok: true,
      value: { chargedTotalMinor: 1999 },
    });
  });
});
