// The sandbox platform as a Fastify app: routes, validation, errors as problem details,
// the OpenAPI document and Swagger UI (served from the package's own files, offline).
import type { Socket } from 'node:net';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
} from 'fastify-type-provider-zod';
import type { FaultInjector } from './faults.js';
import type { Authenticate } from './http/auth.js';
import { frameworkProblem } from './http/framework-errors.js';
import { BODY_LIMIT_BYTES, MAX_ID_LENGTH } from './http/limits.js';
import { registerNotFound } from './http/methods.js';
import { finishDocument } from './http/openapi.js';
import { problem, PROBLEM_TYPES, sendProblem } from './http/problem.js';
import { statusText } from './http/responses.js';
import { RequestValidationError, validatorCompiler } from './http/validation.js';
import { registerAdminRoutes, type AdminControl } from './routes/admin.js';
import { registerSalesRoutes } from './routes/sales.js';
import { registerWebhookRoutes } from './routes/webhooks.js';
import type { SalesStore } from './sales.js';
import type { WebhookEndpoints } from './webhooks/endpoints.js';

export interface ServerParts {
  store: SalesStore;
  faults: FaultInjector;
  authenticate: Authenticate;
  endpoints: WebhookEndpoints;
  admin: AdminControl;
  allowExternalWebhooks: boolean;
  logger: boolean;
  /** Sockets of requests held open by a "hang" outage. */
  hanging: Set<Socket>;
  /** The address clients use (for the document's `servers`), known once listening. */
  serverUrl: () => string;
}

/** A problem written straight to a socket, for errors met before Fastify has a request. */
function rawProblem(status: number, detail: string): string {
  const body = JSON.stringify(problem(status, statusText(status), detail));
  return (
    `HTTP/1.1 ${status} ${statusText(status)}\r\nContent-Type: application/problem+json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

export async function buildSandboxServer(parts: ServerParts) {
  const app = Fastify({
    logger: parts.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    // An id longer than any the API takes is refused by the router (414), as documented.
    routerOptions: { maxParamLength: MAX_ID_LENGTH },
    // HEAD is refused with 405 like any method a path does not document.
    exposeHeadRoutes: false,
    // JSON may hold a "__proto__" or "constructor" key like any other: parsed as a plain
    // own property (never a prototype), it is then an unknown field the strict schemas
    // refuse with 422 naming it, not "invalid JSON".
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    // A URL that does not decode, a path parameter over the limit: problems too.
    frameworkErrors: (error, _request, reply) => {
      void sendProblem(
        reply,
        frameworkProblem(error) ?? problem(500, statusText(500), error.message),
      );
    },
    return503OnClosing: false,
    // What Node's HTTP parser refuses (a control character in a header...) is a problem too.
    clientErrorHandler: (error, socket) => {
      if (socket.writable)
        socket.end(rawProblem(400, `The request could not be read: ${error.message}`));
      else socket.destroy(error);
    },
  });
  // JSON only: anything else is 415 (Fastify would otherwise accept text/plain).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      const status = error.part === 'body' ? 422 : 400;
      return sendProblem(
        reply,
        problem(status, statusText(status), error.message, PROBLEM_TYPES.validation, error.errors),
      );
    }
    const refused = frameworkProblem(error);
    if (refused) return sendProblem(reply, refused);
    request.log.error(error);
    return sendProblem(
      reply,
      problem(500, 'Internal Server Error', 'The sandbox failed; see its log'),
    );
  });

  // A "hang" outage: take the request and never answer (until the outage ends).
  app.addHook('onRequest', async (request, reply) => {
    if (parts.faults.config.outage !== 'hang' || request.url.startsWith('/admin')) return;
    reply.hijack();
    parts.hanging.add(request.raw.socket);
    return reply;
  });
  registerNotFound(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Platform API (Tillsync sandbox)',
        version: '1.0',
        description:
          'An emulator of the platform sales API for development, tests and demos. Errors are ' +
          'RFC 9457 problem details; keys are JWTs (RFC 6750 errors); rate limits are told by ' +
          'the IETF draft RateLimit-Policy and RateLimit headers.',
        license: { name: 'Proprietary (Tillsync)', url: 'https://tillsync.example/license' },
      },
      tags: [
        { name: 'sales', description: 'Recording sales and reading them back' },
        { name: 'webhooks', description: 'Where sale.created events are sent, signed' },
      ],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  const served = () => finishDocument(app.swagger() as never, parts.serverUrl());
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    transformSpecification: () => served() as never,
  });
  app.get('/openapi.json', { schema: { hide: true } }, served);

  registerSalesRoutes(app, parts);
  registerWebhookRoutes(app, parts);
  registerAdminRoutes(app, parts.admin);
  return app;
}
