// The sandbox platform as a Fastify app: routes, validation, errors as problem details,
// the OpenAPI document and Swagger UI (served from the package's own files, offline).
import type { Socket } from 'node:net';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifySchemaCompiler } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldErrorsFrom } from '../db/field-errors.js';
import type { FaultInjector } from './faults.js';
import type { Authenticate } from './http/auth.js';
import { problem, PROBLEM_TYPES, sendProblem, type ProblemFieldError } from './http/problem.js';
import { registerAdminRoutes, type AdminControl } from './routes/admin.js';
import { registerSalesRoutes } from './routes/sales.js';
import { registerWebhookRoutes } from './routes/webhooks.js';
import type { SalesStore } from './sales.js';
import type { WebhookEndpoints } from './webhooks/endpoints.js';

export const BODY_LIMIT_BYTES = 256 * 1024;

class RequestValidationError extends Error {
  constructor(
    readonly part: string,
    readonly errors: ProblemFieldError[],
  ) {
    super(`The request ${part} is not valid`);
  }
}

// Our own compiler: keeps each zod issue as a JSON Pointer to the field, the same way the
// till reports bad input (the library's compiler drops the names of unknown fields).
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const errors = fieldErrorsFrom(result.error).map((f) => ({
      pointer: f.path,
      detail: f.message,
    }));
    return { error: new RequestValidationError(httpPart ?? 'body', errors) };
  };

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
}

export async function buildSandboxServer(parts: ServerParts) {
  const app = Fastify({
    logger: parts.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    return503OnClosing: false,
  });
  // JSON only: anything else is 415 (Fastify would otherwise accept text/plain).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      const status = error.part === 'body' ? 422 : 400;
      const title = status === 422 ? 'Unprocessable Content' : 'Bad Request';
      return sendProblem(
        reply,
        problem(status, title, error.message, PROBLEM_TYPES.validation, error.errors),
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
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, problem(404, 'Not Found', `No route ${request.method} ${request.url}`)),
  );

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
          'RFC 9457 problem details; keys are JWTs (RFC 6750 errors).',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());

  registerSalesRoutes(app, parts);
  registerWebhookRoutes(app, parts);
  registerAdminRoutes(app, parts.admin);
  return app;
}
