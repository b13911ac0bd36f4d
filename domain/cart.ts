// The cart at the counter: what the cashier has rung up and not charged yet. The agent keeps
// it (saved on every change, so a reload, a crash or a restart never loses it) and the Till
// screen shows it; both read its shape and its rules here. Nothing in a cart is ever sent
// anywhere: charging turns it into a sale, in one transaction with clearing it.
import { z } from 'zod';
import { cartDiscount, discountInputOf } from './cart-discount.js';
import { FALLBACK_LOCALE, isWellFormedLocale } from './locale.js';
import { typedText } from './locale-numbers.js';
import { lineTotalMinor, QUANTITY_DECIMALS } from './money.js';
import type { NewSaleInput } from './new-sale.js';
import { customer, product } from './sale.js';
import { CASH_METHOD } from './payment-methods.js';
import { MAX_ITEMS_PER_SALE, MAX_QUANTITY } from './sale-input.js';
import { parseAmount, parseQuantity } from './typed-amounts.js';
import { fieldSays } from './i18n/said.js';
import { english, type Translator } from './i18n/messages.js';

/** The cart being rung up (one at a time), or one put aside to recall later. */
export const CART_STATES = ['open', 'held'] as const;
export type CartState = (typeof CART_STATES)[number];

/** Unknown codes kept on screen at once; the oldest go first. */
export const MAX_UNKNOWN_CODES = 50;
export const MAX_HOLD_NOTE = 200;

export const cartLine = z.object({
  product,
  /** As typed in the cart's locale: "2", "0.5" ("0,5" in Germany), "" while being changed. */
  quantityText: z.string().max(32),
  /** Its own discount, as typed (carts saved before discounts have none). */
  discount: cartDiscount.optional(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cartContent = z.object({
  lines: z.array(cartLine).max(MAX_ITEMS_PER_SALE),
  paymentMethod: z.string().max(64),
  customer: customer.nullable(),
  /** Cash handed over, as typed; empty means the exact total. */
  tendered: z.string().max(32),
  /** The line last scanned or changed: F2 and F3 act on it. */
  currentProductId: z.string().nullable(),
  /** Scanned codes that matched no product, listed until dismissed or the sale ends. */
  unknownCodes: z.array(z.string().max(200)).max(MAX_UNKNOWN_CODES),
  /** The discount on the whole sale, as typed. */
  discount: cartDiscount.optional(),
  /**
   * The locale its numbers were typed in (the till's when they were typed), so the agent
   * reads them as the cashier saw them. Carts saved before had none: they were typed in.
   */
  locale: z.string().max(64).refine(isWellFormedLocale, fieldSays('field.mustBeLocale')).optional(),
});
export type CartContent = z.infer<typeof cartContent>;

/** A sale put aside (the customer went back for something): recalled later, whole. */
export const heldCart = z.object({
  id: z.string(),
  note: z.string(),
  heldAt: z.number(),
  lineCount: z.number(),
  totalMinor: z.number(),
  customerName: z.string().nullable(),
});
export type HeldCart = z.infer<typeof heldCart>;

/** A saved cart that could not be read, moved to a file instead of stopping the till. */
export const setAsideCart = z.object({ file: z.string(), problem: z.string() });
export type SetAsideCart = z.infer<typeof setAsideCart>;

/** Everything the Till screen needs to pick up where the counter was. */
export const counterState = z.object({
  cart: cartContent,
  held: z.array(heldCart),
  setAside: z.array(setAsideCart),
});
export type CounterState = z.infer<typeof counterState>;

/** How carts saved before locales were typed: "." for decimals (and "," taken too). */
export const UNSTATED_CART_LOCALE = FALLBACK_LOCALE;

/** The locale a cart's numbers are read in. */
export const cartLocale = (cart: Pick<CartContent, 'locale'>) =>
  cart.locale ?? UNSTATED_CART_LOCALE;

export function emptyCart(paymentMethod: string, locale?: string): CartContent {
  return {
    ...(locale ? { locale } : {}),
    lines: [],
    paymentMethod,
    customer: null,
    tendered: '',
    currentProductId: null,
    unknownCodes: [],
  };
}

/** Whether a cart holds anything a cashier would miss if it vanished. */
export const hasContent = (cart: CartContent) =>
  cart.lines.length > 0 || cart.customer !== null || cart.tendered.trim() !== '';

type Product = CartLine['product'];

/** One more of a product: a new line, or one more on its line; it becomes the current line. */
export function addProduct(cart: CartContent, added: Product): CartContent {
  const found = cart.lines.find((line) => line.product.id === added.id);
  const locale = cartLocale(cart);
  const quantity = found ? quantityMilliOf(found.quantityText, locale) : undefined;
  const next = quantity === undefined ? 1000 : quantity + 1000;
  const lines = found
    ? cart.lines.map((line) =>
        line === found
          ? { ...line, quantityText: typedText(next, QUANTITY_DECIMALS, locale, 0) }
          : line,
      )
    : [...cart.lines, { product: added, quantityText: '1' }];
  return { ...cart, lines, currentProductId: added.id };
}

export function setQuantity(cart: CartContent, productId: string, text: string): CartContent {
  return {
    ...cart,
    lines: cart.lines.map((line) =>
      line.product.id === productId ? { ...line, quantityText: text } : line,
    ),
    currentProductId: productId,
  };
}

export function removeLine(cart: CartContent, productId: string): CartContent {
  const lines = cart.lines.filter((line) => line.product.id !== productId);
  const currentProductId =
    cart.currentProductId === productId
      ? (lines.at(-1)?.product.id ?? null)
      : cart.currentProductId;
  return { ...cart, lines, currentProductId };
}

/** The line F2 and F3 act on: the one last scanned or changed (else the bottom one). */
/** The cart paid by the next method the shop takes (a key cycles through them). */
export function nextPaymentMethod(cart: CartContent, methods: readonly string[]): CartContent {
  const next = methods[(methods.indexOf(cart.paymentMethod) + 1) % methods.length];
  return { ...cart, paymentMethod: next ?? '' };
}

export function currentLine(cart: CartContent): CartLine | undefined {
  return cart.lines.find((line) => line.product.id === cart.currentProductId) ?? cart.lines.at(-1);
}

export function noteUnknownCode(cart: CartContent, code: string): CartContent {
  return { ...cart, unknownCodes: [...cart.unknownCodes, code].slice(-MAX_UNKNOWN_CODES) };
}

/** A quantity as typed in the locale, in thousandths; undefined when it is not one. */
export function quantityMilliOf(
  text: string,
  locale: string = UNSTATED_CART_LOCALE,
): number | undefined {
  const parsed = parseQuantity(text, locale);
  return parsed.ok ? parsed.value : undefined;
}

/** What is wrong with a line, in a cashier's words; undefined when it can be charged. */
export function lineProblem(
  line: CartLine,
  locale: string = UNSTATED_CART_LOCALE,
  words: Translator = english,
): string | undefined {
  const parsed = parseQuantity(line.quantityText, locale, words.t('field.cart.quantity'));
  if (!parsed.ok && parsed.error.why !== 'too_large') return words.say(parsed.error);
  const milli = parsed.ok ? parsed.value : undefined;
  if (milli === undefined || milli > MAX_QUANTITY * 1000)
    return words.t('field.cart.atMostAtOnce', { max: MAX_QUANTITY });
  if (milli === 0) return words.t('field.cart.quantityMoreThanZero');
  if (!Number.isSafeInteger(line.product.priceMinor) || line.product.priceMinor < 0)
    return words.t('field.cart.priceNotValid');
  if (lineTotalOf(line, locale) === undefined) return words.t('field.cart.lineTooLarge');
  return undefined;
}

/** A line's total in minor units, exact (half up); undefined while the quantity is not valid. */
export function lineTotalOf(
  line: CartLine,
  locale: string = UNSTATED_CART_LOCALE,
): number | undefined {
  const milli = quantityMilliOf(line.quantityText, locale);
  return milli === undefined ? undefined : lineTotalMinor(milli, line.product.priceMinor);
}

/** The sum of the lines that can be charged. */
export function cartTotalMinor(lines: CartLine[], locale: string = UNSTATED_CART_LOCALE): number {
  return lines.reduce((sum, line) => sum + (lineTotalOf(line, locale) ?? 0), 0);
}

/** Notes a customer is likely to hand over for a total: the next round amounts above it. */
export function quickAmounts(totalMinor: number, decimals: number): number[] {
  const unit = 10 ** decimals;
  const amounts = new Set<number>();
  for (const note of [1, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]) {
    const step = note * unit;
    const rounded = Math.ceil(totalMinor / step) * step;
    if (rounded > totalMinor) amounts.add(rounded);
    if (amounts.size === 3) break;
  }
  return [...amounts].sort((a, b) => a - b);
}

/** What is wrong with the cash tendered, or undefined (empty: the exact total). */
export function tenderedProblem(
  text: string,
  totalMinor: number,
  typed: { currency: string; locale: string },
  money: (minor: number) => string,
  words: Translator = english,
): string | undefined {
  if (text.trim() === '') return undefined;
  const minor = parseAmount(text, { ...typed, field: words.t('field.cart.cashTendered') });
  if (!minor.ok) return words.say(minor.error);
  if (minor.value < totalMinor)
    return words.t('field.cart.lessThanTotal', { total: money(totalMinor) });
  return undefined;
}

/** Why this sale deserves a second look before charging, or undefined. */
export function confirmationReason(
  lines: CartLine[],
  totalMinor: number,
  settings: { confirmAboveAmount: number; confirmAboveQuantity: number; currencyDecimals: number },
  money: (minor: number) => string,
  locale: string = UNSTATED_CART_LOCALE,
  words: Translator = english,
): string | undefined {
  const { confirmAboveAmount, confirmAboveQuantity, currencyDecimals } = settings;
  const limitMinor = Math.round(confirmAboveAmount * 10 ** currencyDecimals);
  if (confirmAboveAmount > 0 && totalMinor > limitMinor)
    return words.t('field.cart.confirmTotal', {
      total: money(totalMinor),
      limit: money(limitMinor),
    });
  const big = lines.find(
    (line) => (quantityMilliOf(line.quantityText, locale) ?? 0) > confirmAboveQuantity * 1000,
  );
  if (confirmAboveQuantity > 0 && big)
    return words.t('field.cart.confirmQuantity', {
      quantity: big.quantityText,
      product: big.product.name,
      max: confirmAboveQuantity,
    });
  return undefined;
}

/** The new sale a cart makes, money in minor units as typed: the cash tendered and discounts too. */
export function saleFromCart(cart: CartContent, currency: string): NewSaleInput {
  const locale = cartLocale(cart);
  const cash = cart.paymentMethod === CASH_METHOD && cart.tendered.trim() !== '';
  const tendered = cash
    ? parseAmount(cart.tendered, { currency, locale, field: english.t('field.cart.cashTendered') })
    : undefined;
  const tenderedMinor = tendered?.ok ? tendered.value : undefined;
  // A discount as typed; one not valid is left for the sale's own check to name (chargeProblem
  // stops a cart with one before it gets here).
  const discountOf = (typed: CartContent['discount']) => {
    const input = typed && discountInputOf(typed, currency, locale);
    return input?.ok ? { discount: input.value } : {};
  };
  return {
    items: cart.lines.map((line) => ({
      productId: line.product.id,
      // Thousandths over 1000: the nearest double, whose shortest text is the exact decimal.
      quantity: (quantityMilliOf(line.quantityText, locale) ?? Number.NaN) / 1000,
      unitPriceMinor: line.product.priceMinor,
      ...discountOf(line.discount),
    })),
    paymentMethod: cart.paymentMethod,
    ...(cart.customer ? { customerId: cart.customer.id } : {}),
    ...discountOf(cart.discount),
    ...(tenderedMinor !== undefined ? { tenderedMinor } : {}),
  };
}
