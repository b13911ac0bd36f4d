// The API's request and response shapes. These zod schemas validate requests and generate
// the OpenAPI document, so the two cannot drift apart. They are written from the
// platform's documentation (docs/platform-api.md) independently of the till's own
// validation, so that the sandbox really checks what the agent sends.
import { z } from 'zod';
import { toScaledInteger } from '../../domain/money.js';

export const PAYMENT_METHODS = ['CASH', 'MOBILE_MONEY'] as const;

const id = (what: string, example: string) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(128, 'must be at most 128 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, _ and -')
    .describe(`${what} id, like ${example}`);

const threeDecimals = (value: number) => toScaledInteger(value, 3) !== undefined;

export const saleItemRequest = z.strictObject({
  productId: id('Product', 'prod_8Hq2x or a UUID'),
  quantity: z
    .number()
    .positive('must be greater than 0')
    .max(1_000_000, 'must be at most 1000000')
    .refine(threeDecimals, 'must have at most 3 decimal places')
    .describe('Units of the product; fractions for weighed goods'),
  price: z
    .number()
    .nonnegative('must not be negative')
    .max(1_000_000_000, 'must be at most 1000000000')
    .describe("Price per unit in the shop's currency, as a decimal number"),
});

export const saleRequest = z
  .strictObject({
    shopId: id('Shop', 'shop_downtown')
      .optional()
      .describe("The shop; defaults to the key's first shop"),
    items: z.array(saleItemRequest).min(1, 'must contain at least one item').max(500),
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

export const listSalesQuery = z.strictObject({
  shopId: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().regex(/^\d+$/, 'must be a cursor from a previous page').optional(),
});

export const webhookEndpointRequest = z
  .strictObject({
    url: z.url({ protocol: /^https?$/ }).describe('Where sale.created events are POSTed'),
    events: z.array(z.literal('sale.created')).min(1).default(['sale.created']),
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
