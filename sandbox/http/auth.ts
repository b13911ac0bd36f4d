// Bearer authentication (RFC 6750) and the per-key rate limit, run before the body is
// read: a bad key is refused before any validation, and never costs a parse.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KeyError, verifyKey, type KeyClaims } from '../auth/keys.js';
import type { Revocations } from '../auth/revocations.js';
import type { createRateLimiter } from '../rate-limit.js';
import { problem, PROBLEM_TYPES, sendProblem } from './problem.js';
import { statusText } from './responses.js';

declare module 'fastify' {
  interface FastifyRequest {
    key?: KeyClaims;
  }
}

const REALM = 'realm="tillsync-sandbox"';
const CACHE_LIMIT = 1000;

export function createAuthenticator(
  secret: Uint8Array,
  revocations: Revocations,
  rateLimiter: ReturnType<typeof createRateLimiter>,
) {
  // Verified keys by token: HMAC verification on every request would cost more than the
  // sale itself. Expiry and revocation are still checked on every request.
  const verified = new Map<string, KeyClaims>();

  async function claimsFor(token: string): Promise<KeyClaims> {
    const cached = verified.get(token);
    if (cached) return cached;
    const claims = await verifyKey(secret, token);
    if (verified.size >= CACHE_LIMIT) verified.clear();
    verified.set(token, claims);
    return claims;
  }

  function refuse(reply: FastifyReply, description: string) {
    return sendProblem(reply, problem(401, statusText(401), description), {
      'WWW-Authenticate': `Bearer ${REALM}, error="invalid_token", error_description="${description.replace(/"/g, "'")}"`,
    });
  }

  /** An onRequest hook that requires a valid key with `scope`. */
  return (scope: string) =>
    async function authenticate(request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers.authorization ?? '';
      const [scheme = '', ...rest] = header.trim().split(/\s+/);
      if (scheme.toLowerCase() !== 'bearer') {
        // RFC 6750 §3.1: no error code when the request carried no bearer credentials
        // (none at all, or another scheme such as Basic).
        return sendProblem(
          reply,
          problem(401, statusText(401), 'An API key is required: send Authorization: Bearer <key>'),
          { 'WWW-Authenticate': `Bearer ${REALM}` },
        );
      }
      if (rest.length !== 1) {
        // An empty or malformed Bearer credential is a malformed request (§3.1).
        const description = 'The Authorization header must be: Bearer <key>';
        return sendProblem(reply, problem(400, statusText(400), description), {
          'WWW-Authenticate': `Bearer ${REALM}, error="invalid_request", error_description="${description}"`,
        });
      }
      const token = rest[0]!;
      let claims: KeyClaims;
      try {
        claims = await claimsFor(token);
      } catch (error) {
        if (error instanceof KeyError) return refuse(reply, error.description);
        throw error;
      }
      if (claims.exp * 1000 <= Date.now()) return refuse(reply, 'The key has expired');
      if (revocations.isRevoked(claims.jti)) return refuse(reply, 'The key has been revoked');
      if (!claims.scopes.includes(scope)) {
        return sendProblem(
          reply,
          problem(403, statusText(403), `The key lacks the ${scope} scope`),
          {
            'WWW-Authenticate': `Bearer ${REALM}, error="insufficient_scope", scope="${scope}"`,
          },
        );
      }
      const rate = rateLimiter.take(claims.jti);
      void reply.headers(rate.headers);
      if (!rate.allowed) {
        return sendProblem(
          reply,
          problem(
            429,
            statusText(429),
            'This key is over its rate limit; retry after the time given',
            PROBLEM_TYPES.rateLimited,
          ),
          rate.headers,
        );
      }
      request.key = claims;
    };
}

export type Authenticate = ReturnType<typeof createAuthenticator>;
