// POST /v1/sales, GET /v1/sales/{id} and GET /v1/sales.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FaultInjector } from '../faults.js';
import type { Authenticate } from '../http/auth.js';
import { problem, PROBLEM_TYPES, sendProblem, sendText } from '../http/problem.js';
import { listSalesQuery, problemSchema, sale, saleList, saleRequest } from '../http/schemas.js';
import type { SalesStore } from '../sales.js';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const errorResponses = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 502, 503].map((status) => [
    status,
    problemSchema,
  ]),
);

const HTML_ERROR_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>' +
  '<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

export function registerSalesRoutes(
  app: FastifyInstance,
  {
    store,
    faults,
    authenticate,
  }: { store: SalesStore; faults: FaultInjector; authenticate: Authenticate },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const inFlight = new Set<string>();

  api.post(
    '/v1/sales',
    {
      onRequest: authenticate('sales:write'),
      schema: {
        summary: 'Create a sale',
        description:
          'Send `Idempotency-Key` to make retries safe: the same key and body replay the first ' +
          'answer with `Idempotent-Replayed: true`; a key still in flight gets 409; the same ' +
          'key with another body gets 422. Keys never expire.',
        tags: ['sales'],
        security: [{ bearerAuth: [] }],
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: saleRequest,
        response: { 201: sale, ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = request.key!;
      const idempotencyKey = request.headers['idempotency-key'];
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        return sendProblem(
          reply,
          problem(400, 'Bad Request', 'Idempotency-Key must be 1 to 255 visible ASCII characters'),
        );
      }
      const body = request.body;
      const shopId = body.shopId ?? key.shops[0] ?? store.defaultShopId;
      const shop = store.shop(shopId);
      if (!shop) {
        return sendProblem(
          reply,
          problem(
            422,
            'Unprocessable Content',
            'The sale refers to a shop that does not exist',
            PROBLEM_TYPES.validation,
            [{ pointer: '/shopId', detail: `no shop ${shopId}` }],
          ),
        );
      }
      if (key.shops.length > 0 && !key.shops.includes(shopId)) {
        return sendProblem(
          reply,
          problem(
            403,
            'Forbidden',
            `This key may not sell for shop ${shopId}`,
            PROBLEM_TYPES.forbiddenShop,
          ),
        );
      }
      const errors = store.checkReferences(body, shop.currency);
      if (errors.length > 0) {
        return sendProblem(
          reply,
          problem(
            422,
            'Unprocessable Content',
            'The sale is not valid',
            PROBLEM_TYPES.validation,
            errors,
          ),
        );
      }

      const flightKey = idempotencyKey ? `${key.sub} ${idempotencyKey}` : undefined;
      if (flightKey && inFlight.has(flightKey)) {
        return sendProblem(
          reply,
          problem(
            409,
            'Conflict',
            'A request with this Idempotency-Key is still being processed; retry later',
            PROBLEM_TYPES.idempotencyKeyInUse,
          ),
          { 'Retry-After': '1' },
        );
      }
      if (flightKey) inFlight.add(flightKey);
      try {
        const latency = faults.latencyMs();
        if (latency > 0) await sleep(latency);
        const fault = faults.nextAction();
        if (fault.kind === 'failBeforeStore') {
          return sendProblem(
            reply,
            problem(fault.status, 'Server Error', 'Injected fault: nothing was stored'),
          );
        }
        if (fault.kind === 'throttle') {
          return sendProblem(
            reply,
            problem(fault.status, 'Slow Down', 'Injected fault: retry after the time given'),
            {
              'Retry-After': fault.retryAfter,
            },
          );
        }
        if (fault.kind === 'htmlError') {
          return sendText(reply, 502, HTML_ERROR_PAGE, 'text/html');
        }

        const result = store.create({
          subject: key.sub,
          idempotencyKey,
          request: body,
          shopId,
          currency: shop.currency,
        });
        if (result.outcome === 'key_reused') {
          return sendProblem(
            reply,
            problem(
              422,
              'Unprocessable Content',
              'This Idempotency-Key was already used with a different request body',
              PROBLEM_TYPES.idempotencyKeyReused,
            ),
          );
        }
        if (fault.kind === 'commitThenDrop') return dropConnection(reply);
        const id = (JSON.parse(result.body) as { id: string }).id;
        void reply.header('location', `/v1/sales/${id}`);
        if (result.outcome === 'replayed') void reply.header('idempotent-replayed', 'true');
        const text =
          fault.kind === 'malformedSuccess'
            ? result.body.slice(0, result.body.length >> 1)
            : result.body;
        return sendText(reply, 201, text);
      } finally {
        if (flightKey) inFlight.delete(flightKey);
      }
    },
  );

  api.get(
    '/v1/sales/:id',
    {
      onRequest: authenticate('sales:read'),
      schema: {
        summary: 'Read one sale',
        tags: ['sales'],
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string() }),
        response: { 200: sale, ...errorResponses },
      },
    },
    async (request, reply) => {
      const found = store.get(request.params.id);
      const shops = request.key!.shops;
      if (!found || (shops.length > 0 && !shops.includes(found.shopId))) {
        return sendProblem(reply, problem(404, 'Not Found', `No sale ${request.params.id}`));
      }
      return sendText(reply, 200, found.body);
    },
  );

  api.get(
    '/v1/sales',
    {
      onRequest: authenticate('sales:read'),
      schema: {
        summary: 'List sales, oldest first',
        tags: ['sales'],
        security: [{ bearerAuth: [] }],
        querystring: listSalesQuery,
        response: { 200: saleList, ...errorResponses },
      },
    },
    async (request) => {
      const { shopId, limit, cursor } = request.query;
      const allowed = request.key!.shops;
      const shopIds = shopId
        ? [shopId].filter((id) => allowed.length === 0 || allowed.includes(id))
        : allowed.length > 0
          ? allowed
          : undefined;
      return store.list({ shopIds, limit, after: cursor ? Number(cursor) : undefined });
    },
  );
}

/** The sale is stored; the connection is cut before any byte of the answer. */
function dropConnection(reply: FastifyReply) {
  reply.hijack();
  reply.raw.socket?.destroy();
}
