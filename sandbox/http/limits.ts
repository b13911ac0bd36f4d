// The sizes the sandbox enforces, once: the server's settings (body limit, longest path
// parameter) and the schemas' maxLength take them from here, so the document and the
// server cannot disagree.

/** The largest request body read; a larger one is answered 413. */
export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * The longest id, in a body or in a path (`/v1/sales/{id}`): Fastify's maxParamLength,
 * so a longer path parameter is answered 414 before any handler runs.
 */
export const MAX_ID_LENGTH = 128;
