// What the simulation's checks know of a request and its answer, from the platform's side:
// which sale a body is for, a key check, and what each status means for a till (the
// README's table of answers). One place, for every watch and check.

/** The sale a request body is for, by its customer id; null when it names none. */
export function saleOf(body: string): number | null {
  const match = /"customerId":"cus_(\d+)"/.exec(body);
  return match ? Number(match[1]) : null;
}

/** The empty sale the till posts to check a key (main/sync/key-check.ts). */
export const isKeyCheck = (key: string) => key.startsWith('tillsync-key-check-');

/** Statuses a till retries with the same key and body. */
export const RETRIED_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];
/** Statuses that refuse the key, not the sale. */
export const KEY_REFUSED_STATUSES = [401, 403];

/** A 4xx that refuses the sale itself: parked for a person. */
export const isRefusal = (status: number) =>
  status >= 400 &&
  status < 500 &&
  !KEY_REFUSED_STATUSES.includes(status) &&
  !RETRIED_STATUSES.includes(status);

/** An answer no client expects (1xx, 3xx, 501, 505...): retried, then parked at the policy's count. */
export const isUnexpected = (status: number) =>
  (status < 200 || status >= 300) &&
  !(status >= 400 && status < 500) &&
  !RETRIED_STATUSES.includes(status);

/**
 * Reads `Retry-After` as the till should (RFC 9110 section 10.2.3): whole seconds, or an
 * HTTP-date (each of its formats names the day or month) against the till's own wall clock;
 * anything else asks for nothing.
 */
export function allowedWaitMs(value: string | null, tillWallNow: number, capMs: number): number {
  if (!value) return 0;
  const text = value.trim();
  const wait = /^\d+$/.test(text)
    ? Number(text) * 1000
    : /[A-Za-z]/.test(text)
      ? Date.parse(text) - tillWallNow
      : NaN;
  return Number.isFinite(wait) ? Math.min(capMs, Math.max(0, wait)) : 0;
}
