// Exact money and quantity arithmetic. Prices travel as JSON numbers but are stored and
// summed as integer minor units, so 0.1 + 0.2 never appears on a receipt. Conversion goes
// through the number's shortest round-trip decimal text, never through float multiplication
// (0.29 * 100 is 28.999999999999996).

/** Quantities are exact to a thousandth: grams when goods are sold by the kilo. */
export const QUANTITY_DECIMALS = 3;

const decimalsByCurrency = new Map<string, number>();

/** The number of minor-unit digits of an ISO 4217 currency (2 when unknown). */
export function currencyDecimals(currency: string): number {
  let decimals = decimalsByCurrency.get(currency);
  if (decimals === undefined) {
    // Building an Intl.NumberFormat costs more than recording a sale: ask once per code.
    try {
      const format = new Intl.NumberFormat('en', { style: 'currency', currency });
      decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      decimals = 2;
    }
    decimalsByCurrency.set(currency, decimals);
  }
  return decimals;
}

/** Whether a three-letter code is a currency this runtime knows. */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return Intl.supportedValuesOf('currency').includes(code);
}

/**
 * `value × 10^decimals` as an exact integer, or undefined when the value has more decimal
 * digits than allowed, is negative, not finite, or too large to be exact.
 */
export function toScaledInteger(value: number, decimals: number): number | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) return undefined;
  const [, whole = '', fraction = '', exponentText] = match;
  // value = significand × 10^power, with the significand free of leading/trailing zeros.
  const digits = (whole + fraction).replace(/^0+/, '');
  if (digits === '') return 0;
  const significand = digits.replace(/0+$/, '');
  const exponent = exponentText ? Number(exponentText) : 0;
  const power = exponent - fraction.length + (digits.length - significand.length);
  const shift = power + decimals;
  // A negative shift would drop non-zero digits: more decimals than the currency has.
  if (shift < 0) return undefined;
  return safeInteger(significand + '0'.repeat(shift));
}

function safeInteger(digits: string): number | undefined {
  const result = Number(digits);
  return Number.isSafeInteger(result) ? result : undefined;
}

/** The JSON number for an integer count of minor units (exact: the nearest double). */
export function fromScaledInteger(scaled: number, decimals: number): number {
  return scaled / 10 ** decimals;
}

/**
 * A line's total in minor units: quantity (thousandths) × unit price, rounded half up to
 * the minor unit. BigInt keeps the product exact; undefined when the result is not safe.
 */
export function lineTotalMinor(quantityMilli: number, unitPriceMinor: number): number | undefined {
  const scale = 10n ** BigInt(QUANTITY_DECIMALS);
  const product = BigInt(quantityMilli) * BigInt(unitPriceMinor);
  const rounded = (product * 2n + scale) / (scale * 2n);
  return rounded <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(rounded) : undefined;
}

/** Each line's total and their sum: what a sale costs, in exact minor units. */
export type PricedLines<Line> = {
  lines: Array<Line & { lineTotalMinor: number }>;
  totalMinor: number;
};

/**
 * Prices lines given in thousandths and minor units. `tooLargeAt` names the first line that
 * takes a total past the integers a double holds exactly.
 */
export function priceLines<Line extends { quantityMilli: number; unitPriceMinor: number }>(
  lines: readonly Line[],
): PricedLines<Line> | { tooLargeAt: number } {
  const priced: PricedLines<Line>['lines'] = [];
  let totalMinor = 0;
  for (const [index, line] of lines.entries()) {
    const lineTotal = lineTotalMinor(line.quantityMilli, line.unitPriceMinor);
    totalMinor += lineTotal ?? Infinity;
    if (lineTotal === undefined || !Number.isSafeInteger(totalMinor)) return { tooLargeAt: index };
    priced.push({ ...line, lineTotalMinor: lineTotal });
  }
  return { lines: priced, totalMinor };
}

/** Plain decimal text for minor units, like "12.50" (no currency symbol). */
export function formatMinor(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return `${sign}${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}
