// Console sessions. Cookies are not kept apart by port: any other server on 127.0.0.1 the
// browser visits receives the console's cookie. So the cookie alone is not enough: the
// login hands the page a second secret in the address's fragment (never sent to any
// server, never in a cookie), which the page keeps in its tab and sends with every API
// call. A replayed cookie opens the static page at most, never the API.
import { randomBytes } from 'node:crypto';
import { tokenMatches } from './token.js';

/** The request header (and, for the event stream, query parameter) with the page secret. */
export const SESSION_SECRET_HEADER = 'x-tillsync-session';
export const SESSION_SECRET_PARAM = 'session';
const MAX_SESSIONS = 32;

export function createSessions() {
  const secrets = new Map<string, string>(); // cookie id -> page secret

  return {
    /** A new session: the cookie's id and the page's secret. */
    open(): { id: string; secret: string } {
      const id = randomBytes(32).toString('base64url');
      const secret = randomBytes(32).toString('base64url');
      secrets.set(id, secret);
      // The oldest login goes first once many are open (each login opens one).
      if (secrets.size > MAX_SESSIONS) secrets.delete(secrets.keys().next().value!);
      return { id, secret };
    },
    /** The cookie names a session: enough for the page itself, not for the API. */
    known: (id: string | undefined): boolean => id !== undefined && secrets.has(id),
    /** The cookie and the page's secret belong together. */
    matches(id: string | undefined, secret: string | undefined): boolean {
      const expected = id === undefined ? undefined : secrets.get(id);
      return expected !== undefined && tokenMatches(expected, secret);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
