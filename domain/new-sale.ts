// A new sale as it enters the till: a charged cart, the UI's recordSale, `tillsync record`.
// Money is integer minor units of the till's currency, the cash handed over too; the
// platform's JSON numbers are made only for the request body (main/sync/sale-request.ts).
// Parsing is the one check and the pricing, in one pass, where the sale comes in: the store
// takes what this schema gives and asks only its settings whether the method is taken here.
// A corrected sale (domain/corrected-sale.ts) is made of the same fields, `saleFields`.
import { z } from 'zod';
import { priceLines, QUANTITY_DECIMALS, toScaledInteger } from './money.js';
import { CASH_METHOD } from './payment-methods.js';
import { idSchema, MAX_ITEMS_PER_SALE, quantitySchema } from './sale-input.js';

/**
 * 13 digits at most: the price the platform receives (these minor units over 10^decimals,
 * as a JSON number) is then this exact decimal in every currency.
 */
export const MAX_UNIT_PRICE_MINOR = 1_000_000_000_000;

const minorUnits = z
  .number({
    // Only a unit price can be left out (the cash handed over is optional): most often it
    // was written the platform's way, `price: 12.5`, which this names as not a known field.
    error: (issue) =>
      issue.input === undefined
        ? 'is required: a whole number of minor units, like 1250 for 12.50'
        : 'must be a number',
  })
  .int('must be a whole number of minor units, like 1250 for 12.50')
  .nonnegative('must not be negative');

const saleItem = z
  .strictObject({
    productId: idSchema,
    quantity: quantitySchema,
    unitPriceMinor: minorUnits.max(MAX_UNIT_PRICE_MINOR, `must be at most ${MAX_UNIT_PRICE_MINOR}`),
  })
  .transform(({ productId, quantity, unitPriceMinor }) => ({
    productId,
    // Exact: quantitySchema lets through no more decimals than thousandths.
    quantityMilli: toScaledInteger(quantity, QUANTITY_DECIMALS)!,
    unitPriceMinor,
  }));

export interface PricedLine {
  productId: string;
  quantityMilli: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
}

/** A sale's lines, checked and priced: each line's total and their sum, exact. */
const pricedItems = z
  .array(saleItem, { error: 'must be a list of items' })
  .min(1, 'must contain at least one item')
  .max(MAX_ITEMS_PER_SALE, `must contain at most ${MAX_ITEMS_PER_SALE} items`)
  .transform((items, context): { lines: PricedLine[]; totalMinor: number } => {
    const priced = priceLines(items);
    if (!('tooLargeAt' in priced)) return priced;
    const message = 'the total is too large to be exact';
    context.issues.push({ code: 'custom', path: [priced.tooLargeAt], message, input: items });
    return z.NEVER;
  });

/**
 * What a new sale and a corrected one both are: priced lines, how it was paid, and perhaps a
 * shop and a customer. `items` comes out as `{ lines, totalMinor }`.
 */
export const saleFields = {
  shopId: idSchema.optional(),
  items: pricedItems,
  paymentMethod: z.string({ error: 'must be a text' }).min(1, 'must not be empty'),
  customerId: idSchema.optional(),
};

/** A new sale checked and priced: what the store writes. */
export interface NewSale {
  shopId?: string;
  customerId?: string;
  paymentMethod: string;
  lines: PricedLine[];
  totalMinor: number;
  /** Cash sales only: what was handed over (the total when not given), and the change. */
  tenderedMinor: number | null;
  changeMinor: number | null;
}

export const newSale = z
  .strictObject({
    ...saleFields,
    /** Cash handed over, for a cash sale (left out: the exact total). Never sent. */
    tenderedMinor: minorUnits.optional(),
  })
  .transform((input, context): NewSale => {
    const refuse = (path: Array<string | number>, message: string) => {
      context.issues.push({ code: 'custom', path, message, input });
      return z.NEVER;
    };
    const { items, tenderedMinor, ...sale } = input;
    const { lines, totalMinor } = items;
    // Only cash goes into the drawer: only a cash sale has an amount handed over and change.
    if (sale.paymentMethod !== CASH_METHOD) {
      if (tenderedMinor !== undefined)
        return refuse(['tenderedMinor'], `is only taken for ${CASH_METHOD} sales`);
      return { ...sale, lines, totalMinor, tenderedMinor: null, changeMinor: null };
    }
    const handedOver = tenderedMinor ?? totalMinor;
    if (handedOver < totalMinor)
      return refuse(['tenderedMinor'], `is less than the total (${totalMinor})`);
    const changeMinor = handedOver - totalMinor;
    return { ...sale, lines, totalMinor, tenderedMinor: handedOver, changeMinor };
  });

/** A new sale as a caller sends it. */
export type NewSaleInput = z.input<typeof newSale>;
