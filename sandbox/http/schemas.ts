// The API's request and response shapes. These zod schemas validate requests and generate
// the OpenAPI document, so the two cannot drift apart: every rule a request must meet is
// here, stated as JSON Schema where it can be and in the description where it cannot. They
// are written from the platform's documentation (docs/platform-api.md) independently of the
// till's own validation, so that the sandbox really checks what the agent sends.
import { z } from 'zod';
import { currencyDecimals, QUANTITY_DECIMALS, toScaledInteger } from '../../domain/money.js';
import { SEED_SHOPS } from '../seed-data.js';
import { SALE_CREATED } from '../webhooks/policy.js';
import { MAX_ID_LENGTH } from './limits.js';

export const PAYMENT_METHODS = ['CASH', 'MOBILE_MONEY'] as const;
export const MAX_ITEMS = 500;
export const MAX_QUANTITY = 1_000_000;

/** The sandbox's currencies: its shops are its seed, and never change. */
const CURRENCIES = [...new Set(SEED_SHOPS.map((shop) => shop.currency))];
/** The most decimals any shop's price may have; each shop's own currency is checked too. */
export const PRICE_DECIMALS = Math.max(...CURRENCIES.map(currencyDecimals));
/**
 * The highest unit price (a power of ten) at which no sale's total can pass the integers a
 * double holds exactly (MAX_ITEMS lines of MAX_QUANTITY at this price, in minor units): the
 * document's bounds alone keep every total exact, so no valid sale is refused for its sum.
 */
export const MAX_PRICE =
  10 **
  Math.floor(
    Math.log10(Number.MAX_SAFE_INTEGER / (MAX_ITEMS * MAX_QUANTITY * 10 ** PRICE_DECIMALS)),
  );

const id = (what: string, example: string) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, _ and -')
    .describe(`${what} id, like ${example}`);

/** How a price finer than its currency is refused, by the schema and by the catalog. */
export const tooManyPriceDecimals = (currency: string, decimals: number) =>
  `has more decimal places than ${currency} allows (${decimals})`;

/**
 * At most `decimals` places, stated as `multipleOf` (10^-decimals). The check itself reads
 * the number's decimal digits: zod's multipleOf allows a rounding error, so
 * 4.3500000000000005 would pass it as a multiple of 0.01.
 */
const withDecimals = (
  schema: z.ZodNumber,
  decimals: number,
  message = `must have at most ${decimals} decimal places`,
) =>
  schema
    .multipleOf(10 ** -decimals, message)
    .refine((value) => toScaledInteger(Math.abs(value), decimals) !== undefined, message);

const perCurrency = CURRENCIES.map((code) => `${code}: ${currencyDecimals(code)}`).join(', ');

export const saleItemRequest = z.strictObject({
  productId: id('Product', 'prod_8Hq2x or a UUID'),
  quantity: withDecimals(
    z
      .number()
      .positive('must be greater than 0')
      .max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`),
    QUANTITY_DECIMALS,
  ).describe(
    `Units of the product; fractions for weighed goods, exact to ${QUANTITY_DECIMALS} decimals`,
  ),
  price: withDecimals(
    z.number().nonnegative('must not be negative').max(MAX_PRICE, `must be at most ${MAX_PRICE}`),
    PRICE_DECIMALS,
    tooManyPriceDecimals(CURRENCIES.join(' or '), PRICE_DECIMALS),
  ).describe(
    "Price per unit in the shop's currency, as a decimal number with no more decimals " +
      `than the currency's minor unit has (${perCurrency}); at most ${MAX_PRICE}, so that ` +
      "no sale's total can pass what a JSON number holds exactly",
  ),
});

export const saleRequest = z
  .strictObject({
    shopId: id('Shop', 'shop_downtown')
      .optional()
      .describe("The shop; defaults to the key's first shop"),
    items: z
      .array(saleItemRequest)
      .min(1, 'must contain at least one item')
      .max(MAX_ITEMS, `must contain at most ${MAX_ITEMS} items`),
    paymentMethod: z.enum(PAYMENT_METHODS),
    customerId: id('Customer', 'cus_amina').optional(),
  })
  .meta({ id: 'SaleRequest' });

export const sale = z
  .object({
    id: z.string().describe('sale_…'),
    shopId: z.string(),
    items: z.array(z.object({ productId: z.string(), quantity: z.number(), price: z.number() })),
    paymentMethod: z.string(),
    customerId: z.string().optional(),
    total: z.number().describe('Sum of quantity × price per line, each rounded half up'),
    currency: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Sale' });

export const saleList = z
  .object({
    data: z.array(sale),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page'),
  })
  .meta({ id: 'SaleList' });

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
  })
  .meta({ id: 'Problem' });

const MAX_PAGE_SIZE = 500;
/** Plain decimal digits: how a whole number is written in a query. */
const DIGITS = /^[0-9]+$/;

/**
 * A whole number in a query, `type: integer` in the document, written in decimal digits:
 * `1e2`, `0x10` or `+5` are refused (Number() would take them), and the pattern says so.
 * The default sits inside: zod leaves a transformed schema's default out of the document.
 */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .preprocess(
      (value, context) => {
        if (value === undefined) return value;
        if (typeof value === 'string' && DIGITS.test(value)) return Number(value);
        context.issues.push({
          code: 'custom',
          input: value,
          message: `must be a whole number written in digits 0-9, from ${min} to ${max}`,
        });
        return value;
      },
      z
        .number()
        .int()
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`)
        .default(fallback),
    )
    .meta({ pattern: DIGITS.source });

export const listSalesQuery = z.strictObject({
  shopId: id('Shop', 'shop_downtown').optional().describe('Only the sales of this shop'),
  limit: wholeNumber(1, MAX_PAGE_SIZE, 100).describe('How many sales a page holds at most'),
  cursor: z
    .string()
    .regex(DIGITS, 'must be a cursor from a previous page')
    .max(16, 'must be a cursor from a previous page')
    .optional()
    .describe('The nextCursor of the page before'),
});

const IDEMPOTENCY_KEY_RULE = 'must be 1 to 255 visible ASCII characters';

export const saleHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1, IDEMPOTENCY_KEY_RULE)
    .max(255, IDEMPOTENCY_KEY_RULE)
    .regex(/^[\x21-\x7e]+$/, IDEMPOTENCY_KEY_RULE)
    .optional()
    .describe('Makes retries safe: 1 to 255 visible ASCII characters (no spaces), like a UUID'),
});

/**
 * An id in a path. Fastify's router answers 414 for a path parameter longer than its
 * maxParamLength before any route is found, so the route states that same length.
 */
export const pathId = (maxLength: number) =>
  z.string().min(1, 'must not be empty').max(maxLength, `must be at most ${maxLength} characters`);

export const webhookEndpointRequest = z
  .strictObject({
    url: z.url({ protocol: /^https?$/ }).describe('Where sale.created events are POSTed'),
    events: z.array(z.literal(SALE_CREATED)).min(1).default([SALE_CREATED]),
  })
  .meta({ id: 'WebhookEndpointRequest' });

export const webhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    status: z.enum(['enabled', 'disabled']),
    secret: z.string().optional().describe('whsec_…; shown only when the endpoint is created'),
  })
  .meta({ id: 'WebhookEndpoint' });

export type SaleRequest = z.infer<typeof saleRequest>;
export type SaleBody = z.infer<typeof sale>;
