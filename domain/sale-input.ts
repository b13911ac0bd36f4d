// The rules of a sale's fields as the platform documents them (docs/platform-api.md): ids,
// quantities exact to a thousandth, how many items. A new sale and a corrected one are
// built from them (domain/new-sale.ts, domain/corrected-sale.ts), money in minor units.
import { z } from 'zod';
import { QUANTITY_DECIMALS, toScaledInteger } from './money.js';

export const MAX_ITEMS_PER_SALE = 500;
export const MAX_QUANTITY = 1_000_000;
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
