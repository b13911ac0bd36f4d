// The cart at the counter: what the cashier has rung up and not charged yet. The agent keeps
// it (saved on every change, so a reload, a crash or a restart never loses it) and the Till
// screen shows it; both read its shape and its rules here. Nothing in a cart is ever sent
// anywhere: charging turns it into a sale, in one transaction with clearing it.
import { z } from 'zod';
import { cartDiscount, discountInputOf } from './cart-discount.js';
import { lineTotalMinor, parseMoney, QUANTITY_DECIMALS } from './money.js';
import type { NewSaleInput } from './new-sale.js';
import { customer, product } from './sale.js';
import { CASH_METHOD } from './payment-methods.js';
import { MAX_ITEMS_PER_SALE, MAX_QUANTITY } from './sale-input.js';

/** The cart being rung up (one at a time), or one put aside to recall later. */
export const CART_STATES = ['open', 'held'] as const;
export type CartState = (typeof CART_STATES)[number];

/** Unknown codes kept on screen at once; the oldest go first. */
export const MAX_UNKNOWN_CODES = 50;
export const MAX_HOLD_NOTE = 200;

export const cartLine = z.object({
  product,
  /** As typed: "2", "0.5", "" while the cashier is changing it. */
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

export function emptyCart(paymentMethod: string): CartContent {
  return {
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
  const quantity = found ? quantityMilliOf(found.quantityText) : undefined;
  const lines = found
    ? cart.lines.map((line) =>
        line === found
          ? { ...line, quantityText: quantityText(quantity === undefined ? 1000 : quantity + 1000) }
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

/** A quantity typed as a plain decimal, in thousandths; undefined when it is not one. */
export function quantityMilliOf(text: string): number | undefined {
  const match = /^\s*(\d{1,9})(?:\.(\d+))?\s*$/.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > QUANTITY_DECIMALS) return undefined;
  return Number(match[1]) * 1000 + Number(fraction.padEnd(QUANTITY_DECIMALS, '0'));
}

const quantityText = (milli: number) => String(milli / 1000);

/** What is wrong with a line, in a cashier's words; undefined when it can be charged. */
export function lineProblem(line: CartLine): string | undefined {
  const text = line.quantityText.trim();
  if (text === '') return 'Type a quantity';
  if (/^-/.test(text)) return 'Quantity cannot be negative';
  if (!/^\d+(\.\d+)?$/.test(text)) return 'Quantity must be a number, like 2 or 0.5';
  if ((text.split('.')[1] ?? '').length > QUANTITY_DECIMALS)
    return `At most ${QUANTITY_DECIMALS} decimal places`;
  const milli = quantityMilliOf(text);
  if (milli === undefined || milli > MAX_QUANTITY * 1000) return `At most ${MAX_QUANTITY} at once`;
  if (milli === 0) return 'Quantity must be more than 0';
  if (!Number.isSafeInteger(line.product.priceMinor) || line.product.priceMinor < 0)
    return 'This price is not valid: fix the catalog';
  if (lineTotalOf(line) === undefined) return 'This line is too large to charge';
  return undefined;
}

/** A line's total in minor units, exact (half up); undefined while the quantity is not valid. */
export function lineTotalOf(line: CartLine): number | undefined {
  const milli = quantityMilliOf(line.quantityText);
  return milli === undefined ? undefined : lineTotalMinor(milli, line.product.priceMinor);
}

/** The sum of the lines that can be charged. */
export function cartTotalMinor(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + (lineTotalOf(line) ?? 0), 0);
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
  decimals: number,
  money: (minor: number) => string,
): string | undefined {
  if (text.trim() === '') return undefined;
  const minor = parseMoney(text, decimals);
  if (minor === undefined)
    return decimals === 0 ? 'Type an amount, like 20' : 'Type an amount, like 20 or 20.50';
  if (minor < totalMinor) return `Less than the total (${money(totalMinor)})`;
  return undefined;
}

/** Why this sale deserves a second look before charging, or undefined. */
export function confirmationReason(
  lines: CartLine[],
  totalMinor: number,
  settings: { confirmAboveAmount: number; confirmAboveQuantity: number; currencyDecimals: number },
  money: (minor: number) => string,
): string | undefined {
  const { confirmAboveAmount, confirmAboveQuantity, currencyDecimals } = settings;
  const limitMinor = Math.round(confirmAboveAmount * 10 ** currencyDecimals);
  if (confirmAboveAmount > 0 && totalMinor > limitMinor)
    return `The total is ${money(totalMinor)}, more than ${money(limitMinor)}.`;
  const big = lines.find(
    (line) => (quantityMilliOf(line.quantityText) ?? 0) > confirmAboveQuantity * 1000,
  );
  if (confirmAboveQuantity > 0 && big)
    return `${big.quantityText} × ${big.product.name} is more than ${confirmAboveQuantity}.`;
  return undefined;
}

/** The new sale a cart makes, money in minor units as typed: the cash tendered and discounts too. */
export function saleFromCart(cart: CartContent, decimals: number): NewSaleInput {
  const cash = cart.paymentMethod === CASH_METHOD && cart.tendered.trim() !== '';
  const tenderedMinor = cash ? parseMoney(cart.tendered, decimals) : undefined;
  // A discount as typed; one not valid is left for the sale's own check to name (chargeProblem
  // stops a cart with one before it gets here).
  const discountOf = (typed: CartContent['discount']) => {
    const input = typed && discountInputOf(typed, decimals);
    return input?.ok ? { discount: input.value } : {};
  };
  return {
    items: cart.lines.map((line) => ({
      productId: line.product.id,
      // Thousandths over 1000: the nearest double, whose shortest text is the exact decimal.
      quantity: (quantityMilliOf(line.quantityText) ?? Number.NaN) / 1000,
      unitPriceMinor: line.product.priceMinor,
      ...discountOf(line.discount),
    })),
    paymentMethod: cart.paymentMethod,
    ...(cart.customer ? { customerId: cart.customer.id } : {}),
    ...discountOf(cart.discount),
    ...(tenderedMinor !== undefined ? { tenderedMinor } : {}),
  };
}
