// Retry-After (RFC 9110 §10.2.3), in both forms: delay-seconds or an HTTP-date.

/** The wait in ms a Retry-After value asks for, capped; undefined when absent or unreadable. */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number,
  capMs: number,
): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  let waitMs: number;
  if (/^\d+$/.test(text)) {
    waitMs = Number(text) * 1000;
  } else {
    const at = Date.parse(text);
    if (Number.isNaN(at) || !/[A-Za-z]/.test(text)) return undefined;
    waitMs = at - now;
  }
  return Math.min(capMs, Math.max(0, waitMs));
}
