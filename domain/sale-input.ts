// The shape of a sale as the platform documents it (docs/platform-api.md), checked
// strictly: unknown fields are refused, money must fit the currency's minor units, and
// quantities are exact to a thousandth.
import { z } from 'zod';
import { QUANTITY_DECIMALS, toScaledInteger } from './money.js';

export const MAX_ITEMS_PER_SALE = 500;
export const MAX_QUANTITY = 1_000_000;
/** In major units; keeps every total an exact integer of minor units. */
export const MAX_PRICE = 1_000_000_000;
export const MAX_ID_LENGTH = 128;

/** Product, shop and customer ids: prefixed (`prod_8Hq2x`) or UUIDs, never blank. */
export const idSchema = z
  .string({ error: 'must be a text id' })
  .min(1, 'must not be empty')
  .max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters`)
  .regex(/^[^\s\p{Cc}\p{Cf}]+$/u, 'must not contain spaces or control characters');

/** Units of a product: more than 0, exact to a thousandth (grams of goods sold by the kilo). */
export const quantitySchema = z
  .number({ error: 'must be a number' })
  .positive('must be greater than 0')
  .max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`)
  .refine((value) => toScaledInteger(value, QUANTITY_DECIMALS) !== undefined, {
    error: `must have at most ${QUANTITY_DECIMALS} decimal places`,
  });

export interface SaleRules {
  paymentMethods: readonly [string, ...string[]];
  currency: string;
  currencyDecimals: number;
}

/** A sale's fields, strict (an unknown field is refused, not dropped), whatever the rules. */
function saleShape<Item extends z.ZodType, Method extends z.ZodType>(item: Item, method: Method) {
  return z.strictObject({
    shopId: idSchema.optional(),
    items: z.array(item, { error: 'must be a list of items' }),
    paymentMethod: method,
    customerId: idSchema.optional(),
  });
}

/**
 * A corrected sale as a person sends it, in the platform's shape: what the contract checks
 * at the boundary. The store then checks it against the till's rules (`saleInputSchema`).
 * A new sale has its own shape, in minor units (domain/new-sale.ts).
 */
export const saleInput = saleShape(
  z.strictObject({ productId: z.string(), quantity: z.number(), price: z.number() }),
  z.string(),
);

export function saleInputSchema(rules: SaleRules) {
  const decimalsText =
    rules.currencyDecimals === 0
      ? `${rules.currency} has no minor units`
      : `${rules.currency} allows ${rules.currencyDecimals} decimal places`;
  const item = z.strictObject({
    productId: idSchema,
    quantity: quantitySchema,
    price: z
      .number({ error: 'must be a number' })
      .nonnegative('must not be negative')
      .max(MAX_PRICE, `must be at most ${MAX_PRICE}`)
      .refine((value) => toScaledInteger(value, rules.currencyDecimals) !== undefined, {
        error: `has too many decimal places (${decimalsText})`,
      }),
  });
  const shape = saleShape(
    item,
    z.enum(rules.paymentMethods, { error: `must be one of ${rules.paymentMethods.join(', ')}` }),
  );
  return shape.extend({
    items: shape.shape.items
      .min(1, 'must contain at least one item')
      .max(MAX_ITEMS_PER_SALE, `must contain at most ${MAX_ITEMS_PER_SALE} items`),
  });
}

export type SaleInput = z.infer<ReturnType<typeof saleInputSchema>>;
