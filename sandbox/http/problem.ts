// Errors as RFC 9457 problem details (application/problem+json).
import type { FastifyReply } from 'fastify';

export interface ProblemFieldError {
  /** JSON Pointer (RFC 6901) into the request body. */
  pointer: string;
  detail: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: ProblemFieldError[];
}

/** Problem types of this API; plain HTTP failures use about:blank (RFC 9457 §4.2.1). */
export const PROBLEM_TYPES = {
  validation: 'urn:tillsync:sandbox:problem:validation',
  idempotencyKeyReused: 'urn:tillsync:sandbox:problem:idempotency-key-reused',
  idempotencyKeyInUse: 'urn:tillsync:sandbox:problem:idempotency-key-in-use',
  forbiddenShop: 'urn:tillsync:sandbox:problem:forbidden-shop',
  rateLimited: 'urn:tillsync:sandbox:problem:rate-limited',
  plain: 'about:blank',
} as const;

export class ProblemError extends Error {
  constructor(
    readonly problem: Problem,
    readonly headers: Record<string, string> = {},
  ) {
    super(problem.detail);
    this.name = 'ProblemError';
  }
}

export const problem = (
  status: number,
  title: string,
  detail: string,
  type: string = PROBLEM_TYPES.plain,
  errors?: ProblemFieldError[],
): Problem => ({ type, title, status, detail, ...(errors ? { errors } : {}) });

export function sendProblem(
  reply: FastifyReply,
  body: Problem,
  headers: Record<string, string> = {},
) {
  return reply.code(body.status).headers(headers).type('application/problem+json').send(body);
}

/**
 * Sends text that is already serialized: stored sales are answered byte for byte as they
 * were first answered (idempotent replays), without a second serialization.
 */
export function sendText(
  reply: FastifyReply,
  status: number,
  text: string,
  type = 'application/json',
) {
  return reply.code(status).type(type).send(text);
}
