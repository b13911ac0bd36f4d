// Everything the simulated platform can answer, as the real one might: odd 2xx bodies,
// redirects, refusals of a sale (400, 404, 413, 415, 422), a refused key (401, 403), a key
// still in progress (409), 429 and 503 with Retry-After in seconds or as a date and the
// RateLimit fields, other 5xx, 501/505, a stored sale whose answer is cut or comes after the
// till gave up, and requests taken and never answered. Pure: the random source and the
// platform's clock are given.
import type { Answer } from '../../main/sync/classify.js';

/** What happens to one request that reached the platform (faults on). */
export type Fault =
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: string }
  /** Stored, then the connection is cut before any answer. */
  | { kind: 'commit-then-drop' }
  /** Taken and never answered; stored first, or not. */
  | { kind: 'hang'; commits: boolean }
  /** Stored, and answered only after the till has given up waiting. */
  | { kind: 'slow' }
  | { kind: 'none' };

/** The HTTP date of a wall-clock time: the form Retry-After and Date use. */
export const httpDate = (ms: number) => new Date(ms).toUTCString();

/** RFC 850's date, obsolete but to be accepted: `Sunday, 06-Nov-94 08:49:37 GMT`. */
export function rfc850(ms: number): string {
  const [day, date, month, year, time] = httpDate(ms).replace(',', '').split(' ');
  const names = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const long = names.find((name) => name.startsWith(day!))!;
  return `${long}, ${date}-${month}-${year!.slice(2)} ${time} GMT`;
}

/**
 * Retry-After as a number of seconds, or as the date that far ahead (rounded up), in the
 * date's current form or RFC 850's; now and then (`style`, a stream of its own) as a value
 * that asks for nothing: a date already past, or one no reader can take.
 */
export function retryAfterValue(
  seconds: number,
  asDate: boolean,
  platformNow: number,
  style: () => number = () => 1,
): string {
  const at = Math.ceil((platformNow + seconds * 1000) / 1000) * 1000;
  const roll = style();
  if (roll < 0.05) return httpDate(platformNow - seconds * 60_000);
  if (roll < 0.1) return [`${seconds}.5`, `-${seconds}`, 'later', `${seconds} s`][seconds % 4]!;
  if (!asDate) return String(seconds);
  return roll < 0.3 ? rfc850(at) : httpDate(at);
}

/**
 * The faults of a request the platform is able to take, chosen at random while faults are
 * on (the shares add up to about a third of requests).
 */
export function chooseFault(
  random: () => number,
  platformNow: number,
  style?: () => number,
): Fault {
  const roll = random();
  const status = (codes: number[]) => codes[Math.floor(random() * codes.length)]!;
  // Now and then a long wait (a platform in maintenance): longer than any backoff, up to
  // the longest a till honours, so a till that takes it for a clock step sends too soon.
  const waitSeconds = (short: number) =>
    random() < 0.15 ? 60 + Math.floor(random() * 540) : 1 + Math.floor(random() * short);
  if (roll < 0.06) {
    const code = status([500, 502, 503, 504]);
    const headers: Record<string, string> =
      code === 503 && random() < 0.6
        ? {
            'retry-after': retryAfterValue(waitSeconds(6), random() < 0.4, platformNow, style),
          }
        : {};
    return {
      kind: 'answer',
      status: code,
      headers,
      body: random() < 0.5 ? 'oops' : '<html>Bad gateway</html>',
    };
  }
  if (roll < 0.09) {
    const seconds = waitSeconds(8);
    return {
      kind: 'answer',
      status: 429,
      headers: { 'retry-after': retryAfterValue(seconds, random() < 0.4, platformNow, style) },
      body: '{"title":"Too Many Requests"}',
    };
  }
  if (roll < 0.1) {
    // Nobody expects these: retried, then parked after the configured number of them.
    const code = status([301, 302, 307, 308, 501, 505]);
    return { kind: 'answer', status: code, headers: { location: '/elsewhere' }, body: '' };
  }
  if (roll < 0.12) return { kind: 'hang', commits: random() < 0.5 };
  if (roll < 0.14) return { kind: 'slow' };
  if (roll < 0.2) return { kind: 'commit-then-drop' };
  return { kind: 'none' };
}

/** A sale the platform will not take (its product does not exist there): always the same answer. */
export function refusalOf(productId: string): { status: number; body: string } {
  const statuses = [400, 404, 413, 415, 422];
  const hash = [...productId].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 7);
  const status = statuses[Math.abs(hash) % statuses.length]!;
  return {
    status,
    body: JSON.stringify({
      type: 'about:blank',
      title: 'Unprocessable',
      status,
      errors: [{ pointer: '/items/0/productId', detail: `no product ${productId}` }],
    }),
  };
}

/** A stored sale's success answer, in one of the shapes a platform might give. */
export function successAnswer(
  random: () => number,
  id: string,
  replayed: boolean,
  extraHeaders: Record<string, string>,
): Answer {
  const shapes = [
    { status: 201, body: JSON.stringify({ id, total: 7.5 }) },
    { status: 200, body: JSON.stringify({ id: Number(id.replace(/\D/g, '')) }) },
    { status: 201, body: '' },
    { status: 202, body: 'Accepted' },
    { status: 204, body: '' },
    { status: 201, body: `{"id":"${id}","items":[` }, // truncated: not JSON
  ];
  const shape = random() < 0.7 ? shapes[0]! : shapes[Math.floor(random() * shapes.length)]!;
  const headers = {
    ...extraHeaders,
    ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    ...(shape.status !== 204 && shape.body.startsWith('{')
      ? { 'content-type': 'application/json' }
      : {}),
  };
  return {
    kind: 'response',
    status: shape.status,
    headers: new Headers(headers),
    body: shape.body,
  };
}

/** Whether a body names at least one item: a sale without any is invalid. */
export function hasItems(body: string): boolean {
  try {
    const items = (JSON.parse(body) as { items?: unknown } | null)?.items;
    return Array.isArray(items) && items.length > 0;
  } catch {
    return false;
  }
}

/**
 * The answer to a sale with no items (the till's key check, once its key is taken): refused
 * as invalid; a platform in trouble may say anything else, even accept it.
 */
export function emptySaleAnswer(
  random: () => number,
  faulty: boolean,
): { status: number; headers: Record<string, string>; body: string } {
  if (faulty && random() < 0.3) {
    const status = [404, 500, 503, 201][Math.floor(random() * 4)]!;
    return { status, headers: {}, body: status === 201 ? '{"id":"empty"}' : '' };
  }
  return {
    status: 422,
    headers: { 'content-type': 'application/problem+json' },
    body: '{"title":"Invalid sale","errors":[{"pointer":"/items","detail":"is required"}]}',
  };
}

// The rate-limit fields are the quota's (platform-quota.ts); the checks read them here too.
export { quotaIn, type RateLimitDraft } from './platform-quota.js';
