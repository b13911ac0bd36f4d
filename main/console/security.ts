// What every console response carries, and the checks every request passes: the Host is
// this loopback address (a DNS-rebinding page cannot reach us under its own name), the
// session (cookie plus page secret, see sessions.ts) or Bearer token matches, and a
// state-changing request is JSON from our own origin (CSRF).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Translator } from '../../domain/i18n/messages.js';
import { SESSION_SECRET_HEADER, SESSION_SECRET_PARAM, type Sessions } from './sessions.js';
import { tokenMatches } from './token.js';

export const SESSION_COOKIE = 'tillsync_session';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export type Access = 'api' | 'page' | 'none';

/**
 * What a request may reach: the API with the Bearer token (scripts), or with the session
 * cookie plus its page secret (the page); the page alone with the cookie alone.
 */
export function accessOf(request: FastifyRequest, token: string, sessions: Sessions): Access {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (tokenMatches(token, bearer)) return 'api';
  const id = cookieValue(request, SESSION_COOKIE);
  const header = request.headers[SESSION_SECRET_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.[SESSION_SECRET_PARAM];
  const secret =
    typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
  if (sessions.matches(id, secret)) return 'api';
  return sessions.known(id) ? 'page' : 'none';
}

/**
 * Refuses what does not come from this machine's own page, in the till's words (read only
 * when refusing); undefined when it may pass.
 */
export function refuseForeign(
  request: FastifyRequest,
  reply: FastifyReply,
  port: number,
  words: () => Translator,
): FastifyReply | undefined {
  if (!allowedHosts(port).has(request.headers.host ?? '')) {
    return reply
      .code(421)
      .type('text/plain; charset=utf-8')
      .send(words().t('console.refused.host'));
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !allowedHosts(port).has(origin.replace(/^http:\/\//, ''))) {
    return reply
      .code(403)
      .type('text/plain; charset=utf-8')
      .send(words().t('console.refused.origin'));
  }
  return undefined;
}
