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
import { finishDocument } from './http/openapi.js';
import { problem, PROBLEM_TYPES, sendProblem } from './http/problem.js';
import { statusText } from './http/responses.js';
import { RequestValidationError, validatorCompiler } from './http/validation.js';
import { registerAdminRoutes, type AdminControl } from './routes/admin.js';
import { registerSalesRoutes } from './routes/sales.js';
import { registerWebhookRoutes } from './routes/webhooks.js';
import type { SalesStore } from './sales.js';
import type { WebhookEndpoints } from './webhooks/endpoints.js';

export const BODY_LIMIT_BYTES = 256 * 1024;

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
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(
          reply,
          problem(415, 'Unsupported Media Type', 'Send the body as application/json'),
        );
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendProblem(
          reply,
          problem(413, 'Content Too Large', `The body is over ${BODY_LIMIT_BYTES} bytes`),
        );
    }
    if (error.statusCode === 400) {
      return sendProblem(
        reply,
        problem(400, 'Bad Request', `The body is not valid JSON: ${error.message}`),
      );
    }
    request.log.error(error);
    return sendProblem(
      reply,
      problem(500, 'Internal Server Error', 'The sandbox failed; see its log'),
    );
  });
  // A known path asked with another method is 405 with Allow (RFC 9110 §15.5.6), not 404.
  const methodsByPath: Array<{ pattern: RegExp; methods: Set<string> }> = [];
  app.addHook('onRoute', (route) => {
    const pattern = new RegExp(`^${route.url.replace(/:[^/]+/g, '[^/]+')}/?$`);
    let entry = methodsByPath.find((known) => known.pattern.source === pattern.source);
    if (!entry) methodsByPath.push((entry = { pattern, methods: new Set() }));
    for (const method of [route.method].flat()) entry.methods.add(method);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = methodsByPath.find((known) => known.pattern.test(path))?.methods;
    if (allowed) {
      const allow = [...allowed].sort().join(', ');
      return sendProblem(
        reply,
        problem(405, statusText(405), `${request.method} is not allowed here; use ${allow}`),
        { Allow: allow },
      );
    }
    return sendProblem(reply, problem(404, statusText(404), `No route ${request.method} ${path}`));
  });

  // A "hang" outage: take the request and never answer (until the outage ends).
  app.addHook('onRequest', async (request, reply) => {
    if (parts.faults.config.outage !== 'hang' || request.url.startsWith('/admin')) return;
    reply.hijack();
    parts.hanging.add(request.raw.socket);
    return reply;
  });

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
