// Request validation: each zod issue kept as a JSON Pointer to the field, the same way the
// till reports bad input (the library's compiler drops the names of unknown fields).
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { fieldErrorsFrom } from '../../db/field-errors.js';
import type { ProblemFieldError } from './problem.js';

export class RequestValidationError extends Error {
  constructor(
    readonly part: string,
    readonly errors: ProblemFieldError[],
  ) {
    super(`The request ${part} is not valid`);
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
  return error instanceof RequestValidationError ? [...error.errors] : [];
}
