// The cart as the cashier edits it: lines with the quantity as typed, the problem of each
// line in words, the total, and when a sale is big enough to ask "are you sure?". Pure, so
// the rules are tested without a browser; the agent checks every sale again when saved.
import type { MethodOutput } from '../../../main/contract/contract.js';
import { lineTotalMinor } from '../money.js';

type Settings = MethodOutput<'getSettings'>['till'];
export type Product = MethodOutput<'searchProducts'>[number];

export interface CartLine {
  product: Product;
  /** As typed: "2", "0.5", "" while the cashier is changing it. */
  quantityText: string;
}

/** Adds one of a product: a new line, or one more on its line. */
export function addProduct(lines: CartLine[], product: Product): CartLine[] {
  const found = lines.find((line) => line.product.id === product.id);
  if (!found) return [...lines, { product, quantityText: '1' }];
  const quantity = parseQuantity(found.quantityText);
  return lines.map((line) =>
    line === found
      ? { ...line, quantityText: String(quantity === undefined ? 1 : quantity + 1) }
      : line,
  );
}

/** A quantity typed as a plain decimal, or undefined when it is not one. */
export function parseQuantity(text: string): number | undefined {
  return /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : undefined;
}

/** What is wrong with a line, in a cashier's words; undefined when it can be charged. */
export function lineProblem(line: CartLine, limits: Settings['limits']): string | undefined {
  const text = line.quantityText.trim();
  if (text === '') return 'Type a quantity';
  if (/^-/.test(text)) return 'Quantity cannot be negative';
  const quantity = parseQuantity(text);
  if (quantity === undefined) return 'Quantity must be a number, like 2 or 0.5';
  if (quantity === 0) return 'Quantity must be more than 0';
  if ((text.split('.')[1] ?? '').length > limits.quantityDecimals)
    return `At most ${limits.quantityDecimals} decimal places`;
  if (quantity > limits.maxQuantity) return `At most ${limits.maxQuantity} at once`;
  if (!Number.isSafeInteger(line.product.priceMinor) || line.product.priceMinor < 0)
    return 'This price is not valid: fix the catalog';
  return undefined;
}

export function cartTotalMinor(lines: CartLine[]): number {
  return lines.reduce(
    (sum, line) =>
      sum + lineTotalMinor(parseQuantity(line.quantityText) ?? 0, line.product.priceMinor),
    0,
  );
}

/** Why this sale deserves a second look before charging, or undefined. */
export function confirmationReason(
  lines: CartLine[],
  totalMinor: number,
  settings: Pick<Settings, 'confirmAboveAmount' | 'confirmAboveQuantity' | 'currencyDecimals'>,
  money: (minor: number) => string,
): string | undefined {
  const { confirmAboveAmount, confirmAboveQuantity, currencyDecimals } = settings;
  const limitMinor = Math.round(confirmAboveAmount * 10 ** currencyDecimals);
  if (confirmAboveAmount > 0 && totalMinor > limitMinor)
    return `The total is ${money(totalMinor)}, more than ${money(limitMinor)}.`;
  const big = lines.find((line) => (parseQuantity(line.quantityText) ?? 0) > confirmAboveQuantity);
  if (confirmAboveQuantity > 0 && big)
    return `${big.quantityText} × ${big.product.name} is more than ${confirmAboveQuantity}.`;
  return undefined;
}

/** An amount of money typed by a person ("20", "20.5"), in minor units, or undefined. */
export function parseMoney(text: string, decimals: number): number | undefined {
  const match = /^\s*(\d{1,12})(?:[.,](\d*))?\s*$/.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return undefined;
  return Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || 0);
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
