// The answers of the API, once: what each status means, and the problem answers an
// operation can give. Routes list their statuses from here; the OpenAPI document takes its
// descriptions from here (openapi.ts); tests check every answer against that document.
import { STATUS_CODES } from 'node:http';
import { BODY_LIMIT_BYTES, MAX_ID_LENGTH } from './limits.js';
import { problemSchema } from './schemas.js';

/** RFC 9110's phrases where Node still has the older ones. */
const RFC_9110: Record<number, string> = { 413: 'Content Too Large', 422: 'Unprocessable Content' };

/** The status phrase (RFC 9110): the title of a plain problem. */
export const statusText = (status: number) => RFC_9110[status] ?? STATUS_CODES[status] ?? 'Error';

export const MEANINGS: Record<number, string> = {
  200: 'The resource asked for.',
  201: 'Created.',
  204: 'Done; there is no body.',
  400:
    'The request is malformed: its URL (a %-escape that does not decode), its JSON (not ' +
    'valid, or empty), its query, its Idempotency-Key, or an empty or malformed Bearer ' +
    'credential (WWW-Authenticate error="invalid_request").',
  401:
    'No API key, or one that is not valid, has expired or was revoked; WWW-Authenticate ' +
    'says which.',
  403: 'The key lacks the scope this needs, or may not act for this shop.',
  404: 'There is no such resource, or this key may not see it.',
  409:
    'A request with this Idempotency-Key is still being processed: retry after ' +
    'Retry-After seconds.',
  413: `The body is over ${BODY_LIMIT_BYTES / 1024} KiB.`,
  414: `A path parameter is over ${MAX_ID_LENGTH} characters; no id is that long.`,
  415: 'The body is not application/json.',
  422:
    'The body is well-formed JSON but not valid: `errors` lists every bad field, each as a ' +
    'JSON Pointer; or the Idempotency-Key was already used with another body.',
  429: "Over the key's rate limit, or an injected throttle: retry after Retry-After.",
  500: 'The sandbox failed, or an injected fault; nothing was stored.',
  502:
    'An injected fault, as a gateway would answer (a problem, or an HTML page); nothing ' +
    'was stored.',
  503: 'An injected fault, with Retry-After when it throttles; nothing was stored.',
};

/** What every operation behind a key can answer: a bad credential, the rate limit, a failure. */
const AUTHENTICATED = [400, 401, 403, 429, 500] as const;
/** ...and every operation that reads a body. */
const WITH_BODY = [413, 415, 422] as const;

/** Problem answers (application/problem+json) for a route's response map. */
export function problems(options: { body?: boolean; extra?: number[] } = {}) {
  const statuses = [...AUTHENTICATED, ...(options.body ? WITH_BODY : []), ...(options.extra ?? [])];
  return Object.fromEntries(statuses.map((status) => [status, problemSchema]));
}

/** What a status means for one operation, where it says more than MEANINGS. */
export const OPERATION_MEANINGS: Record<string, Record<number, string>> = {
  createSale: {
    201:
      'The sale, stored. A retry with the same Idempotency-Key and body gets the first answer again, ' +
      'with Idempotent-Replayed: true.',
  },
};

/** Content types besides problem+json that a status may have, by operation. */
export const OTHER_CONTENT: Record<string, Record<number, string>> = {
  createSale: { 502: 'text/html' },
};
