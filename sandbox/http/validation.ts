// Request validation: each zod issue kept as a JSON Pointer to the field, the same way the
// till reports bad input (the library's compiler drops the names of unknown fields).
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { fieldErrorsFrom } from '../../db/field-errors.js';
import type { ProblemFieldError } from './problem.js';

/** How a problem names where a bad value was, by Fastify's name of the request's part. */
const PLACES: Record<string, string> = {
  querystring: 'Query parameter',
  headers: 'Header',
  params: 'Path parameter',
};

/** `/idempotency-key` as `idempotency-key` (RFC 6901 unescaped). */
const nameAt = (pointer: string) => pointer.slice(1).replace(/~1/g, '/').replace(/~0/g, '~');

export class RequestValidationError extends Error {
  constructor(
    readonly part: string,
    readonly errors: ProblemFieldError[],
  ) {
    const place = PLACES[part];
    // Outside the body the problem names each parameter: "Query parameter limit must be…".
    super(
      place && errors.length > 0
        ? errors.map((error) => `${place} ${nameAt(error.pointer)} ${error.detail}`).join('; ')
        : `The request ${part} is not valid`,
    );
  }
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
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

/**
 * The body's field errors, for a route that validates in its handler (attachValidation),
 * so that they can be listed together with the errors only the handler can find.
 */
export function bodyErrors(request: FastifyRequest): ProblemFieldError[] {
  const error = request.validationError;
  return error instanceof RequestValidationError && error.part === 'body' ? [...error.errors] : [];
}

/**
 * The headers' errors by the route's own schema, for a route that attaches validation:
 * Fastify checks the body before the headers and stops at the first part that fails, but a
 * bad header is answered before a bad body.
 */
export function headerError(request: FastifyRequest): RequestValidationError | undefined {
  const attached = request.validationError;
  if (!(attached instanceof RequestValidationError)) return undefined;
  if (attached.part === 'headers') return attached;
  const validate = request.getValidationFunction('headers') as unknown as
    ((data: unknown) => { error?: unknown }) | undefined;
  const result = validate?.(request.headers);
  return result?.error instanceof RequestValidationError ? result.error : undefined;
}

/** What the server refuses before a route's schema is asked, as the route's schema states it. */
export function serverLimits(app: FastifyInstance) {
  const config = app.initialConfig as typeof app.initialConfig & {
    routerOptions?: { maxParamLength?: number };
  };
  return {
    bodyLimitBytes: config.bodyLimit!,
    maxParamLength: config.routerOptions?.maxParamLength ?? config.maxParamLength!,
  };
}
