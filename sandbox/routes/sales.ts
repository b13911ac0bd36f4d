// POST /v1/sales, GET /v1/sales/{id} and GET /v1/sales.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FaultInjector } from '../faults.js';
import type { Authenticate } from '../http/auth.js';
import { problem, PROBLEM_TYPES, sendProblem, sendText } from '../http/problem.js';
import { problems, statusText } from '../http/responses.js';
import {
  listSalesQuery,
  pathId,
  sale,
  saleHeaders,
  saleList,
  saleRequest,
  type SaleRequest,
} from '../http/schemas.js';
import { bodyErrors, headerError, serverLimits } from '../http/validation.js';
import type { SalesStore } from '../sales.js';

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
  const limits = serverLimits(app);

  api.post(
    '/v1/sales',
    {
      onRequest: authenticate('sales:write'),
      // Validated in the handler too: schema errors and the catalog's are listed together.
      attachValidation: true,
      schema: {
        operationId: 'createSale',
        summary: 'Create a sale',
        description:
          'Send `Idempotency-Key` to make retries safe: the same key and body replay the first ' +
          'answer with `Idempotent-Replayed: true`; a key still in flight gets 409; the same ' +
          'key with another body gets 422. Keys never expire. Products, the customer and the ' +
          'shop must exist in the catalog (422 naming each that does not), and each price may ' +
          "have no more decimals than the shop's currency. The body may be at most " +
          `${limits.bodyLimitBytes} bytes (413 beyond; also x-body-limit-bytes).`,
        'x-body-limit-bytes': limits.bodyLimitBytes,
        tags: ['sales'],
        security: [{ bearerAuth: [] }],
        headers: saleHeaders,
        body: saleRequest,
        response: { 201: sale, ...problems({ body: true, extra: [409, 502, 503] }) },
      },
    },
    async (request, reply) => {
      const key = request.key!;
      // A bad Idempotency-Key is a malformed request (400), answered before the body's errors.
      const badHeader = headerError(request);
      if (badHeader) throw badHeader;
      const idempotencyKey = request.headers['idempotency-key'];
      // The body as sent: valid, or with its schema errors in bodyErrors(request).
      const body = request.body as Partial<SaleRequest>;
      const errors = bodyErrors(request);
      const named = typeof body?.shopId === 'string' ? body.shopId : undefined;
      const shopId = named ?? key.shops[0] ?? store.defaultShopId;
      const shop = store.shop(shopId);
      if (!shop && !errors.some((e) => e.pointer === '/shopId'))
        errors.push({ pointer: '/shopId', detail: `no shop ${shopId}` });
      if (shop && errors.length === 0 && key.shops.length > 0 && !key.shops.includes(shopId)) {
        return sendProblem(
          reply,
          problem(
            403,
            statusText(403),
            `This key may not sell for shop ${shopId}`,
            PROBLEM_TYPES.forbiddenShop,
          ),
        );
      }
      if (shop) {
        const seen = new Set(errors.map((e) => e.pointer));
        errors.push(
          ...store.checkReferences(body, shop.currency).filter((e) => !seen.has(e.pointer)),
        );
      }
      if (errors.length > 0 || !shop) {
        return sendProblem(
          reply,
          problem(422, statusText(422), 'The sale is not valid', PROBLEM_TYPES.validation, errors),
        );
      }
      const sale = body as SaleRequest;

      const flightKey = idempotencyKey ? `${key.sub} ${idempotencyKey}` : undefined;
      if (flightKey && inFlight.has(flightKey)) {
        return sendProblem(
          reply,
          problem(
            409,
            statusText(409),
            'A request with this Idempotency-Key is still being processed; retry later',
            PROBLEM_TYPES.idempotencyKeyInUse,
          ),
          // A second, but never before the key's quota has more (the RateLimit `t` sent).
          { 'Retry-After': String(Math.max(1, Number(reply.getHeader('RateLimit-Reset') ?? 0))) },
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
            problem(fault.status, statusText(fault.status), 'Injected fault: nothing was stored'),
          );
        }
        if (fault.kind === 'throttle') {
          return sendProblem(
            reply,
            problem(
              fault.status,
              statusText(fault.status),
              'Injected fault: retry after the time given',
            ),
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
          request: sale,
          shopId,
          currency: shop.currency,
        });
        if (result.outcome === 'key_reused') {
          return sendProblem(
            reply,
            problem(
              422,
              statusText(422),
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
        operationId: 'getSale',
        summary: 'Read one sale',
        description:
          'A sale as it was answered when created. A key bound to shops sees theirs only.',
        tags: ['sales'],
        security: [{ bearerAuth: [] }],
        params: z.object({ id: pathId(limits.maxParamLength).describe('The sale id, sale_…') }),
        response: { 200: sale, ...problems({ extra: [404] }) },
      },
    },
    async (request, reply) => {
      const found = store.get(request.params.id);
      const shops = request.key!.shops;
      if (!found || (shops.length > 0 && !shops.includes(found.shopId))) {
        return sendProblem(reply, problem(404, statusText(404), `No sale ${request.params.id}`));
      }
      return sendText(reply, 200, found.body);
    },
  );

  api.get(
    '/v1/sales',
    {
      onRequest: authenticate('sales:read'),
      schema: {
        operationId: 'listSales',
        summary: 'List sales, oldest first',
        description: 'Pages of sales in the order they were stored; pass nextCursor to go on.',
        tags: ['sales'],
        security: [{ bearerAuth: [] }],
        querystring: listSalesQuery,
        response: { 200: saleList, ...problems() },
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
