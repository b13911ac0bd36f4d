// Webhook endpoints: register, list and remove where sale.created events are sent.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticate } from '../http/auth.js';
import { problem, PROBLEM_TYPES, sendProblem } from '../http/problem.js';
import { problems, statusText } from '../http/responses.js';
import { pathId, webhookEndpointRequest } from '../http/schemas.js';
import { serverLimits } from '../http/validation.js';
import {
  TOO_MANY_ENDPOINTS,
  webhookEndpointListQuery,
  webhookEndpointState,
} from '../http/webhook-document.js';
import { policyInWords } from '../webhooks/policy.js';
import { isLoopbackUrl, type WebhookEndpoints } from '../webhooks/endpoints.js';

export function registerWebhookRoutes(
  app: FastifyInstance,
  options: {
    endpoints: WebhookEndpoints;
    authenticate: Authenticate;
    allowExternalWebhooks: boolean;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { endpoints, authenticate } = options;
  const common = { tags: ['webhooks'], security: [{ bearerAuth: [] }] };
  const limits = serverLimits(app);

  api.post(
    '/v1/webhook_endpoints',
    {
      onRequest: authenticate('webhooks:write'),
      schema: {
        ...common,
        operationId: 'createWebhookEndpoint',
        summary: 'Register a webhook endpoint',
        description:
          'Deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, ' +
          'webhook-signature: v1,<base64 HMAC-SHA256>). Keep the returned whsec_ secret: it is ' +
          'shown only once. It receives the events after it is registered. ' +
          policyInWords() +
          ` The body may be at most ${limits.bodyLimitBytes} bytes (413 beyond).`,
        'x-body-limit-bytes': limits.bodyLimitBytes,
        body: webhookEndpointRequest,
        response: { 201: webhookEndpointState, ...problems({ body: true }) },
      },
    },
    async (request, reply) => {
      if (!options.allowExternalWebhooks && !isLoopbackUrl(request.body.url)) {
        return sendProblem(
          reply,
          problem(
            422,
            statusText(422),
            'The sandbox delivers webhooks to loopback addresses only',
            PROBLEM_TYPES.validation,
            [{ pointer: '/url', detail: 'must be on 127.0.0.1, ::1 or localhost' }],
          ),
        );
      }
      const created = endpoints.create(request.body.url, request.body.events, Date.now());
      if (!created) {
        return sendProblem(
          reply,
          problem(422, statusText(422), TOO_MANY_ENDPOINTS, PROBLEM_TYPES.validation, [
            { pointer: '', detail: TOO_MANY_ENDPOINTS },
          ]),
        );
      }
      return reply.code(201).send(created);
    },
  );

  api.get(
    '/v1/webhook_endpoints',
    {
      onRequest: authenticate('webhooks:write'),
      schema: {
        ...common,
        operationId: 'listWebhookEndpoints',
        summary: 'List webhook endpoints',
        description:
          'Every endpoint registered, enabled or disabled, with its queue: events pending, ' +
          'delivered and dropped, failures in a row, the next attempt, and why it was ' +
          'disabled. Secrets are never shown again. Unknown query parameters are refused.',
        querystring: webhookEndpointListQuery,
        response: {
          200: z
            .object({ data: z.array(webhookEndpointState) })
            .meta({ id: 'WebhookEndpointList' }),
          ...problems(),
        },
      },
    },
    async () => ({ data: endpoints.list() }),
  );

  api.delete(
    '/v1/webhook_endpoints/:id',
    {
      onRequest: authenticate('webhooks:write'),
      schema: {
        ...common,
        operationId: 'deleteWebhookEndpoint',
        summary: 'Stop sending events to an endpoint',
        description: 'The endpoint is disabled and kept on record; no more events go to it.',
        params: z.object({ id: pathId(limits.maxParamLength).describe('The endpoint id, whe_…') }),
        response: { 204: z.null().describe('No body'), ...problems({ extra: [404] }) },
      },
    },
    async (request, reply) => {
      if (!endpoints.disable(request.params.id, 'Removed through the API', Date.now())) {
        return sendProblem(
          reply,
          problem(404, statusText(404), `No webhook endpoint ${request.params.id}`),
        );
      }
      return reply.code(204).send(null);
    },
  );
}
