// The items the platform receives for one charged line. Its sales body has only a unit
// `price` per item, and it totals a sale as the sum over the items of quantity × price, each
// rounded half up to the minor unit (the till's own rule for a line, `lineTotalMinor`). So
// the items sent for a line must have totals adding up to the line's charged total exactly:
//
// 1. One item at the line's own unit price when that still gives the charged total: every
//    line without a discount, whose item is then what it always was.
// 2. Else one item at the price nearest charged ÷ quantity, when it gives the charged total
//    (always so for a quantity of at most one unit, 0.75 kg say; 3 × 2.99 = 8.97 too).
// 3. Else two items of the same product at two prices one minor unit apart: the line's
//    quantity split so that quantity × price adds up exactly, with no rounding at all
//    (10 % off 3 × 3.33 = 9.99 charges 8.99: 2 × 3.00 + 1 × 2.99). A whole-unit quantity splits
//    into whole units. A fractional quantity (2.5 kg) may split into thousandths
//    (1.5 kg + 1 kg, or 2.333 kg + 0.167 kg); when both parts would round up by half a
//    minor unit, one thousandth moves to the cheaper part: each part's total then rounds
//    the way that makes the two add up (their exact sum is the charged total less a
//    thousandth of a minor unit).
//
// A split always exists: step 3 is reached only for a quantity above one unit, whose floor
// price p = ⌊charged × 1000 ÷ quantity⌋ leaves r thousandths with 0 < r < quantity to carry
// p + 1. Every price is an integer of minor units ≥ 0 (so at most the currency's decimals),
// every quantity an integer of thousandths > 0 (at most 3 decimals), and the prices never
// differ from the charged unit price by more than a minor unit.
import { fromScaledInteger, lineTotalMinor, QUANTITY_DECIMALS } from './money.js';

const MILLI = 1000n;

/** A line as charged, after its discounts. */
export interface ChargedLine {
  productId: string;
  quantityMilli: number;
  chargedLineTotalMinor: number;
  /** The line's own unit price: kept when it still gives the charged total. */
  unitPriceMinor?: number;
}

/** One item of the body, in thousandths and minor units. */
export interface ChargedItem {
  productId: string;
  quantityMilli: number;
  priceMinor: number;
}

/** One item of the body as the platform reads it: JSON numbers in major units. */
export interface PlatformItem {
  productId: string;
  quantity: number;
  price: number;
}

/** The one or two items that carry a charged line, their totals adding up exactly. */
export function chargedItems(line: ChargedLine): ChargedItem[] {
  const { productId, quantityMilli, chargedLineTotalMinor: charged, unitPriceMinor } = line;
  const item = (milli: number, priceMinor: number) => ({
    productId,
    quantityMilli: milli,
    priceMinor,
  });
  if (unitPriceMinor !== undefined && lineTotalMinor(quantityMilli, unitPriceMinor) === charged)
    return [item(quantityMilli, unitPriceMinor)];
  const quantity = BigInt(quantityMilli);
  const target = BigInt(charged) * MILLI;
  const floorPrice = target / quantity;
  const remainder = target - floorPrice * quantity;
  const lower = Number(floorPrice);
  // The nearer of the two prices first (the lower one on a tie).
  const candidates = remainder * 2n > quantity ? [lower + 1, lower] : [lower, lower + 1];
  const single = candidates.find((price) => lineTotalMinor(quantityMilli, price) === charged);
  if (single !== undefined) return [item(quantityMilli, single)];
  // r thousandths at p + 1 and the rest at p: quantity × p + r = charged × 1000, exactly.
  let higherMilli = Number(remainder);
  const total = (milli: number) =>
    lineTotalMinor(quantityMilli - milli, lower)! + lineTotalMinor(milli, lower + 1)!;
  if (total(higherMilli) !== charged) higherMilli -= 1;
  return [item(quantityMilli - higherMilli, lower), item(higherMilli, lower + 1)];
}

/** The body's items for a charged line, in the platform's numbers. */
export function platformItems(line: ChargedLine, decimals: number): PlatformItem[] {
  return chargedItems(line).map((item) => ({
    productId: item.productId,
    quantity: fromScaledInteger(item.quantityMilli, QUANTITY_DECIMALS),
    price: fromScaledInteger(item.priceMinor, decimals),
  }));
}
