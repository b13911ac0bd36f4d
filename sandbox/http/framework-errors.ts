// Fastify's own refusals (a URL it cannot decode, a path parameter over the limit, a body
// it cannot read) as problem details, and which operations each can reach: the document
// declares those statuses from here (openapi.ts), the error handler answers from here.
import type { FastifyError } from 'fastify';
import { BODY_LIMIT_BYTES, MAX_ID_LENGTH } from './limits.js';
import { problem, type Problem } from './problem.js';
import { statusText } from './responses.js';

interface FrameworkError {
  status: number;
  detail: string;
  /** What the request must have for Fastify to meet this error. */
  reaches: 'pathParameters' | 'body';
}

const FRAMEWORK_ERRORS: Record<string, FrameworkError> = {
  FST_ERR_BAD_URL: {
    status: 400,
    detail: 'The URL is not valid: a %-escape in its path does not decode',
    reaches: 'pathParameters',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    detail: `A path parameter is over ${MAX_ID_LENGTH} characters`,
    reaches: 'pathParameters',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    detail: 'Send the body as application/json',
    reaches: 'body',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    detail: `The body is over ${BODY_LIMIT_BYTES} bytes`,
    reaches: 'body',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    detail: 'The body is empty, but Content-Type says application/json',
    reaches: 'body',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    detail: 'The body is not valid JSON',
    reaches: 'body',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    detail: 'The body is not as long as its Content-Length says',
    reaches: 'body',
  },
};

/** The methods whose body Fastify reads (and may refuse), whatever the route declares. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * A Fastify refusal as a problem, or undefined for an error that is not one. A 4xx the
 * table does not know keeps its status and Fastify's words: a refusal, not a failure.
 */
export function frameworkProblem(error: FastifyError): Problem | undefined {
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return problem(known.status, statusText(known.status), known.detail);
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 500
    ? problem(status, statusText(status), error.message)
    : undefined;
}

/** The statuses Fastify itself may answer an operation with, by its method and path. */
export function frameworkStatuses(method: string, path: string): number[] {
  const has = {
    pathParameters: /\{[^}]+\}|:[^/]+/.test(path),
    body: BODY_METHODS.has(method.toUpperCase()),
  };
  const statuses = Object.values(FRAMEWORK_ERRORS)
    .filter((error) => has[error.reaches])
    .map((error) => error.status);
  return [...new Set(statuses)].sort();
}
