// A new sale as it enters the till: a charged cart, the UI's recordSale, `tillsync record`.
// Money is integer minor units of the till's currency, the cash handed over too; the
// platform's JSON numbers are made only for the request body (main/sync/sale-request.ts).
// Parsing is the one check and the pricing, in one pass, where the sale comes in: the store
// takes what this schema gives and asks only its settings whether the method is taken here.
// A corrected sale (domain/corrected-sale.ts) is made of the same fields, `saleFields`.
// Discounts (a line's or the sale's `discount`) are checked for their shape here; what they
// take off is worked out by the store, which knows the till's currency (domain/charged-sale.ts),
// and the cash handed over is compared there with the total charged after them.
import { z } from 'zod';
import { discountSchema, type Discount } from './discount.js';
import { priceLines, QUANTITY_DECIMALS, toScaledInteger } from './money.js';
import { CASH_METHOD } from './payment-methods.js';
import { idSchema, MAX_ITEMS_PER_SALE, quantitySchema } from './sale-input.js';
import { fieldSays, saidIssue } from './i18n/said.js';

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
        ? fieldSays('field.sale.requiredMinorUnits')
        : fieldSays('field.mustBeNumber'),
  })
  .int(fieldSays('field.sale.wholeMinorUnits'))
  .nonnegative(fieldSays('field.mustNotBeNegative'));

const itemFields = {
  productId: idSchema,
  quantity: quantitySchema,
  unitPriceMinor: minorUnits.max(
    MAX_UNIT_PRICE_MINOR,
    fieldSays('field.atMost', { max: MAX_UNIT_PRICE_MINOR }),
  ),
};

const toLine = <Rest extends object>({
  quantity,
  ...rest
}: { quantity: number; productId: string; unitPriceMinor: number } & Rest) => ({
  ...rest,
  // Exact: quantitySchema lets through no more decimals than thousandths.
  quantityMilli: toScaledInteger(quantity, QUANTITY_DECIMALS)!,
});

const saleItem = z.strictObject(itemFields).transform(toLine);
/** A new sale's line may carry its own discount. */
const discountedItem = z
  .strictObject({ ...itemFields, discount: discountSchema.optional() })
  .transform(toLine);

export interface PricedLine {
  productId: string;
  quantityMilli: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
}

/** A new sale's line: priced, perhaps with its own discount (not yet applied). */
export interface NewSaleLine extends PricedLine {
  discount?: Discount | undefined;
}

/** A sale's lines, checked and priced: each line's total and their sum, exact. */
const pricedItemsOf = <Line extends { quantityMilli: number; unitPriceMinor: number }>(
  item: z.ZodType<Line, unknown>,
) =>
  z
    .array(item, { error: fieldSays('field.sale.listOfItems') })
    .min(1, fieldSays('field.sale.atLeastOneItem'))
    .max(MAX_ITEMS_PER_SALE, fieldSays('field.sale.atMostItems', { max: MAX_ITEMS_PER_SALE }))
    .transform((items, context) => {
      const priced = priceLines(items);
      if (!('tooLargeAt' in priced)) return priced;
      const tooLarge = saidIssue('field.sale.totalTooLarge');
      context.issues.push({ code: 'custom', path: [priced.tooLargeAt], ...tooLarge, input: items });
      return z.NEVER;
    });
const pricedItems = pricedItemsOf(saleItem);

/**
 * What a new sale and a corrected one both are: priced lines, how it was paid, and perhaps a
 * shop and a customer. `items` comes out as `{ lines, totalMinor }`.
 */
export const saleFields = {
  shopId: idSchema.optional(),
  items: pricedItems,
  paymentMethod: z
    .string({ error: fieldSays('field.mustBeAText') })
    .min(1, fieldSays('field.mustNotBeEmpty')),
  customerId: idSchema.optional(),
};

/** A new sale checked and priced, its discounts not yet applied: what the store takes. */
export interface NewSale {
  shopId?: string;
  customerId?: string;
  paymentMethod: string;
  lines: NewSaleLine[];
  /** The lines' totals before any discount. */
  totalMinor: number;
  /** The sale's own discount, taken after the lines' own. */
  discount?: Discount | undefined;
  /** Cash sales only: what was handed over (left out: the exact total charged). */
  tenderedMinor?: number;
}

/** A new sale's fields, before the checks that take more than one field. */
export const newSaleFields = {
  ...saleFields,
  items: pricedItemsOf(discountedItem),
  discount: discountSchema.optional(),
  /** Cash handed over, for a cash sale (left out: the exact total). Never sent. */
  tenderedMinor: minorUnits.optional(),
};

/** The checks across fields, as a transform: the contract adds its approval to the same fields. */
export function toNewSale<Input extends z.output<z.ZodObject<typeof newSaleFields>>>(
  input: Input,
  context: z.RefinementCtx,
): NewSale {
  const { items, ...sale } = input;
  // Only cash goes into the drawer: only a cash sale has an amount handed over and change.
  if (sale.paymentMethod !== CASH_METHOD && sale.tenderedMinor !== undefined) {
    const cashOnly = saidIssue('field.sale.onlyForCash', { method: CASH_METHOD });
    context.issues.push({ code: 'custom', path: ['tenderedMinor'], ...cashOnly, input });
    return z.NEVER;
  }
  const { shopId, customerId, paymentMethod, discount, tenderedMinor } = sale;
  return {
    ...(shopId !== undefined ? { shopId } : {}),
    ...(customerId !== undefined ? { customerId } : {}),
    paymentMethod,
    ...items,
    ...(discount ? { discount } : {}),
    ...(tenderedMinor !== undefined ? { tenderedMinor } : {}),
  };
}

export const newSale = z.strictObject(newSaleFields).transform(toNewSale);

/** A new sale as a caller sends it. */
export type NewSaleInput = z.input<typeof newSale>;
