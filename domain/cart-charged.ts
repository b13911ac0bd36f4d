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
import { english, type Translator } from './i18n/messages.js';

/** The cart as charged: each line's discounts and the total after them, or what is wrong. */
export function chargedCart(
  cart: CartContent,
  currency: string,
  words: Translator = english,
):
  | { ok: true; value: DiscountedSale<CartLine & { lineTotalMinor: number }> }
  | { ok: false; problem: string } {
  const locale = cartLocale(cart);
  const decimals = currencyDecimals(currency);
  const lines = [];
  for (const line of cart.lines) {
    const discount = line.discount && cartDiscountOf(line.discount, currency, locale, words);
    if (discount && !discount.ok) {
      const said = { product: line.product.name, problem: discount.problem };
      return { ok: false, problem: words.t('field.cart.lineDiscountProblem', said) };
    }
    lines.push({
      ...line,
      quantityMilli: quantityMilliOf(line.quantityText, locale) ?? 0,
      unitPriceMinor: line.product.priceMinor,
      lineTotalMinor: lineTotalOf(line, locale) ?? 0,
      discount: discount?.value,
    });
  }
  const saleDiscount = cart.discount && cartDiscountOf(cart.discount, currency, locale, words);
  if (saleDiscount && !saleDiscount.ok) {
    const problem = saleDiscount.problem;
    return { ok: false, problem: words.t('field.cart.saleDiscountProblem', { problem }) };
  }
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
  const problem = words.say(charged.error);
  return {
    ok: false,
    problem:
      typeof index === 'number'
        ? words.t('field.cart.lineDiscountRefused', {
            product: String(cart.lines[index]?.product.name),
            problem,
          })
        : words.t('field.cart.saleDiscountRefused', { problem }),
  };
}

/** Why the cart cannot be charged as it is, in a cashier's words; undefined when it can. */
export function chargeProblem(
  cart: CartContent,
  currency: string,
  money: (minor: number) => string,
  words: Translator = english,
): string | undefined {
  const locale = cartLocale(cart);
  if (cart.lines.length === 0) return words.t('field.cart.addProduct');
  const problem = cart.lines.map((line) => lineProblem(line, locale, words)).find(Boolean);
  if (problem) return words.t('field.cart.fixCart', { problem });
  const charged = chargedCart(cart, currency, words);
  if (!charged.ok) return words.t('field.cart.fixDiscount', { problem: charged.problem });
  if (!cart.paymentMethod) return words.t('field.cart.chooseMethod');
  if (cart.paymentMethod === CASH_METHOD)
    return tenderedProblem(
      cart.tendered,
      charged.value.chargedTotalMinor,
      { currency, locale },
      money,
      words,
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
