// The cart as it will be charged: its discounts applied (domain/discount.ts) to the lines
// as typed, the total the customer pays, and why it cannot be charged yet. The Till screen
// shows these figures and the agent checks the same before a cart becomes a sale.
import { cartDiscountOf } from './cart-discount.js';
import {
  cartLocale,
  lineTotalOf,
  quantityMilliOf,
  lineProblem,
  tenderedProblem,
  type CartContent,
  type CartLine,
} from './cart.js';
import { applyDiscounts, type DiscountedSale, type DiscountFigures } from './discount.js';
import { currencyDecimals } from './money.js';
import { CASH_METHOD } from './payment-methods.js';

/** The cart as charged: each line's discounts and the total after them, or what is wrong. */
export function chargedCart(
  cart: CartContent,
  currency: string,
):
  | { ok: true; value: DiscountedSale<CartLine & { lineTotalMinor: number }> }
  | { ok: false; problem: string } {
  const locale = cartLocale(cart);
  const decimals = currencyDecimals(currency);
  const lines = [];
  for (const line of cart.lines) {
    const discount = line.discount && cartDiscountOf(line.discount, currency, locale);
    if (discount && !discount.ok)
      return { ok: false, problem: `${line.product.name}'s discount: ${discount.problem}` };
    lines.push({
      ...line,
      quantityMilli: quantityMilliOf(line.quantityText, locale) ?? 0,
      unitPriceMinor: line.product.priceMinor,
      lineTotalMinor: lineTotalOf(line, locale) ?? 0,
      discount: discount?.value,
    });
  }
  const saleDiscount = cart.discount && cartDiscountOf(cart.discount, currency, locale);
  if (saleDiscount && !saleDiscount.ok)
    return { ok: false, problem: `The sale's discount: ${saleDiscount.problem}` };
  const charged = applyDiscounts(lines, saleDiscount?.value, decimals);
  if (charged.ok)
    return {
      ok: true,
      value: {
        ...charged.value,
        lines: charged.value.lines.map(
          (line, index): CartLine & { lineTotalMinor: number } & DiscountFigures => ({
            ...line,
            discount: cart.lines[index]!.discount,
          }),
        ),
      },
    };
  const [, index] = charged.error.path;
  const whose =
    typeof index === 'number'
      ? `${cart.lines[index]?.product.name}'s discount`
      : "The sale's discount";
  return { ok: false, problem: `${whose} ${charged.error.message}` };
}

/** Why the cart cannot be charged as it is, in a cashier's words; undefined when it can. */
export function chargeProblem(
  cart: CartContent,
  currency: string,
  money: (minor: number) => string,
): string | undefined {
  const locale = cartLocale(cart);
  if (cart.lines.length === 0) return 'Add a product first.';
  const problem = cart.lines.map((line) => lineProblem(line, locale)).find(Boolean);
  if (problem) return `Fix the cart first: ${problem}.`;
  const charged = chargedCart(cart, currency);
  if (!charged.ok) return `Fix the discount first: ${charged.problem}.`;
  if (!cart.paymentMethod) return 'Choose a payment method.';
  if (cart.paymentMethod === CASH_METHOD)
    return tenderedProblem(
      cart.tendered,
      charged.value.chargedTotalMinor,
      { currency, locale },
      money,
    );
  return undefined;
}

/** The cart with a discount given (or taken away: undefined) on a line or on the whole sale. */
export function setDiscount(
  cart: CartContent,
  on: { productId: string } | 'sale',
  discount: CartContent['discount'],
): CartContent {
  if (on === 'sale') {
    const { discount: _, ...rest } = cart;
    return discount ? { ...rest, discount } : rest;
  }
  return {
    ...cart,
    lines: cart.lines.map((line) => {
      if (line.product.id !== on.productId) return line;
      const { discount: _, ...rest } = line;
      return discount ? { ...rest, discount } : rest;
    }),
  };
}
