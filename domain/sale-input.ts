// The rules of a sale's fields as the platform documents them (docs/platform-api.md): ids,
// quantities exact to a thousandth, how many items. A new sale and a corrected one are
// built from them (domain/new-sale.ts, domain/corrected-sale.ts), money in minor units.
import { z } from 'zod';
import { QUANTITY_DECIMALS, toScaledInteger } from './money.js';
import { fieldSays } from './i18n/said.js';

export const MAX_ITEMS_PER_SALE = 500;
export const MAX_QUANTITY = 1_000_000;
export const MAX_ID_LENGTH = 128;

/** Product, shop and customer ids: prefixed (`prod_8Hq2x`) or UUIDs, never blank. */
export const idSchema = z
  .string({ error: fieldSays('field.mustBeTextId') })
  .min(1, fieldSays('field.mustNotBeEmpty'))
  .max(MAX_ID_LENGTH, fieldSays('field.atMostCharacters', { max: MAX_ID_LENGTH }))
  .regex(/^[^\s\p{Cc}\p{Cf}]+$/u, fieldSays('field.noSpacesOrControl'));

/** Units of a product: more than 0, exact to a thousandth (grams of goods sold by the kilo). */
export const quantitySchema = z
  .number({ error: fieldSays('field.mustBeNumber') })
  .positive(fieldSays('field.greaterThanZero'))
  .max(MAX_QUANTITY, fieldSays('field.atMost', { max: MAX_QUANTITY }))
  .refine((value) => toScaledInteger(value, QUANTITY_DECIMALS) !== undefined, {
    error: fieldSays('field.atMostDecimals', { count: QUANTITY_DECIMALS }),
  });
