// The webhooks as the OpenAPI 3.1 document states them: the sale.created event's payload
// (a zod schema the tests parse deliveries with), the signed POST each endpoint receives,
// and an endpoint's queue as GET /v1/webhook_endpoints shows it.
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { SALE_CREATED } from '../webhooks/policy.js';
import {
  ATTEMPT_TIMEOUT_MS,
  inWords,
  MAX_ENABLED_ENDPOINTS,
  policyInWords,
} from '../webhooks/policy.js';
import { sale, webhookEndpoint } from './schemas.js';

/** The body of every sale.created delivery. */
export const saleCreatedEvent = z
  .strictObject({
    type: z.literal(SALE_CREATED),
    timestamp: z.iso.datetime().describe('When the sale was stored'),
    data: sale,
  })
  .describe('A sale was stored: the sale as POST /v1/sales answered it');

export type SaleCreatedEvent = z.infer<typeof saleCreatedEvent>;

/** An endpoint with its queue: what an integrator reads to see what happened to events. */
export const webhookEndpointState = webhookEndpoint
  .extend({
    disabledReason: z
      .string()
      .nullable()
      .describe('Why it was disabled: a 410, the retry schedule run out, or a delete'),
    pending: z.number().int().describe('Events waiting for it'),
    delivered: z.number().int().describe('Events it accepted'),
    dropped: z
      .number()
      .int()
      .describe('Events dropped before delivery because its queue was full (oldest first)'),
    failures: z.number().int().describe('Failed attempts in a row; 0 after a success'),
    nextAttemptAt: z.iso
      .datetime()
      .nullable()
      .describe('When it is tried again after a failure; null when it is not waiting'),
    lastError: z.string().nullable().describe('What went wrong with the last failed attempt'),
  })
  .meta({ id: 'WebhookEndpointState', description: policyInWords() });

export const webhookEndpointListQuery = z.strictObject({});

export const TOO_MANY_ENDPOINTS = `at most ${MAX_ENABLED_ENDPOINTS} endpoints may be enabled at once; delete one first`;

const signedHeader = (name: string, description: string): OpenAPIV3_1.ParameterObject => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

const SIGNATURE_SCHEME = 'webhookSignature';

/** The component name of the event's schema in the document. */
export const EVENT_COMPONENT = 'SaleCreatedEvent';

/** Puts the event's JSON schema in the components, its named parts referring to theirs. */
function addEventSchema(document: OpenAPIV3_1.Document): OpenAPIV3_1.ReferenceObject {
  const {
    $defs = {},
    $schema: _dialect,
    ...schema
  } = z.toJSONSchema(saleCreatedEvent, {
    target: 'draft-2020-12',
    io: 'output',
  }) as Record<string, unknown> & { $defs?: Record<string, OpenAPIV3_1.SchemaObject> };
  const schemas = ((document.components ??= {}).schemas ??= {});
  for (const [name, definition] of Object.entries($defs)) schemas[name] ??= definition;
  schemas[EVENT_COMPONENT] = JSON.parse(
    JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/'),
  ) as OpenAPIV3_1.SchemaObject;
  return { $ref: `#/components/schemas/${EVENT_COMPONENT}` };
}

/** Adds the OpenAPI 3.1 `webhooks` section: what each registered endpoint receives. */
export function addWebhooks(document: OpenAPIV3_1.Document): void {
  const post = {
    operationId: 'saleCreatedWebhook',
    summary: 'A sale was stored',
    description:
      'POSTed to every enabled endpoint once the sale is stored, signed per Standard ' +
      'Webhooks (see the webhookSignature scheme). ' +
      policyInWords(),
    tags: ['webhooks'],
    security: [{ [SIGNATURE_SCHEME]: [] }],
    parameters: [
      signedHeader('webhook-id', 'The event id (msg_…), the same on every retry'),
      signedHeader(
        'webhook-timestamp',
        'Seconds since the Unix epoch when this attempt was signed',
      ),
    ],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: addEventSchema(document) } },
    },
    responses: {
      '2XX': {
        description: `Accepted: answer within ${inWords(ATTEMPT_TIMEOUT_MS)}; the event is not sent again`,
      },
      '410': { description: 'Gone: the endpoint is disabled and receives nothing more' },
      default: { description: 'Any other answer, or none in time: a failed attempt, retried' },
    },
  };
  // The signature is how a receiver knows the sandbox sent it: the webhook's security.
  ((document.components ??= {}).securitySchemes ??= {})[SIGNATURE_SCHEME] = {
    type: 'apiKey',
    in: 'header',
    name: 'webhook-signature',
    description:
      'Standard Webhooks: v1,<base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` ' +
      "under the endpoint's whsec_ secret>, space-separated if several. Check it, and that " +
      'webhook-timestamp is recent, before trusting the body.',
  };
  const item: OpenAPIV3_1.PathItemObject = { post };
  document.webhooks = { [SALE_CREATED]: item };
}
