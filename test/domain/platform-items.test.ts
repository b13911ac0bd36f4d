import { describe, expect, it } from 'vitest';
import { chargedItems, platformItems } from '../../domain/platform-items.js';
import { lineTotalMinor } from '../../domain/money.js';

const productId = 'prod_8Hq2x';
const items = (quantityMilli: number, charged: number, unitPriceMinor?: number) =>
  chargedItems({
    productId,
    quantityMilli,
    chargedLineTotalMinor: charged,
    ...(unitPriceMinor === undefined ? {} : { unitPriceMinor }),
  }).map((item) => [item.quantityMilli, item.priceMinor]);

describe('the items a charged line is sent as', () => {
  it('keeps the unit price of a line without a discount, fractional quantities too', () => {
    expect(items(3000, 897, 299)).toEqual([[3000, 299]]);
    // 0.75 × 2.99 = 2.2425: the till charged 2.24, the platform rounds the same way.
    expect(items(750, 224, 299)).toEqual([[750, 299]]);
  });

  it('sends one item at the charged unit price when it carries the total exactly', () => {
    // 10 % off 3 × 3.00 = 9.00 charges 8.10: 3 × 2.70.
    expect(items(3000, 810, 300)).toEqual([[3000, 270]]);
    // 0.75 kg charged 2.00 after a discount: 0.75 × 2.67 = 2.0025, 2.00 to the minor unit.
    expect(items(750, 200, 299)).toEqual([[750, 267]]);
  });

  it('splits 3 × 3.33 less 1.00 (8.99) into 2 × 3.00 + 1 × 2.99', () => {
    expect(
      platformItems(
        { productId, quantityMilli: 3000, chargedLineTotalMinor: 899, unitPriceMinor: 333 },
        2,
      ),
    ).toEqual([
      { productId, quantity: 1, price: 2.99 },
      { productId, quantity: 2, price: 3 },
    ]);
    // 10.00 off 3 × 5.00 = 15.00 charges 5.00: 2 × 1.67 + 1 × 1.66.
    expect(items(3000, 500, 500)).toEqual([
      [1000, 166],
      [2000, 167],
    ]);
  });

  it('splits a fractional quantity in thousandths when it must', () => {
    // 2.5 kg charged 7.49: 2.5 × 2.99 = 7.475 → 7.48, 2.5 × 3.00 = 7.50; so 1.5 × 3.00 + 1 × 2.99.
    expect(items(2500, 749)).toEqual([
      [1000, 299],
      [1500, 300],
    ]);
  });

  it('moves a thousandth when both parts would round up by half a minor unit', () => {
    // 1.001 kg charged 5.00 (no one price does: 1.001 × 4.99 = 4.99499, 1.001 × 5.00 = 5.005).
    // The exact split, 0.5 × 4.99 (2.495) + 0.501 × 5.00 (2.505), rounds to 2.50 + 2.51 = 5.01;
    // 0.501 × 4.99 (2.49999) + 0.5 × 5.00 rounds to 2.50 + 2.50 = 5.00.
    expect(items(1001, 500)).toEqual([
      [501, 499],
      [500, 500],
    ]);
    for (let charged = 0; charged < 3000; charged += 1)
      for (const quantityMilli of [1001, 1002, 1500, 2500, 2999]) {
        const split = chargedItems({ productId, quantityMilli, chargedLineTotalMinor: charged });
        const sum = split.reduce((t, i) => t + lineTotalMinor(i.quantityMilli, i.priceMinor)!, 0);
        expect(sum).toBe(charged);
        expect(split.every((item) => item.quantityMilli > 0)).toBe(true);
      }
  });

  it('sends a free line at a price of 0', () => {
    expect(items(3000, 0, 333)).toEqual([[3000, 0]]);
  });

  it('works in yen and in dinars', () => {
    // ¥100 off 3 × ¥333 = ¥999 charges ¥899: 1 × ¥299 + 2 × ¥300; KD 1 off 3 × 3.333 likewise.
    expect(
      platformItems({ productId, quantityMilli: 3000, chargedLineTotalMinor: 899 }, 0),
    ).toEqual([
      { productId, quantity: 1, price: 299 },
      { productId, quantity: 2, price: 300 },
    ]);
    expect(
      platformItems({ productId, quantityMilli: 3000, chargedLineTotalMinor: 8999 }, 3),
    ).toEqual([
      { productId, quantity: 1, price: 2.999 },
      { productId, quantity: 2, price: 3 },
    ]);
  });
});
