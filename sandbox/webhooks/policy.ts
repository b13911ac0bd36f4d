// What the sandbox promises about webhook deliveries, once: the dispatcher, the event log
// and the endpoints follow these numbers, and the OpenAPI document says them in words.

/** The one event the sandbox sends. */
export const SALE_CREATED = 'sale.created';

/**
 * The Standard Webhooks schedule: the first attempt at once, then these waits after each
 * failure (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). After the last the endpoint is disabled.
 */
export const RETRY_DELAYS_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
] as const;

/** An attempt that has no answer by then has failed (Svix allows 15 s; we are stricter). */
export const ATTEMPT_TIMEOUT_MS = 5_000;

/**
 * Events in flight at once to an endpoint: one to start with and after a failure, doubled
 * after each batch it accepts whole, up to this (a live endpoint keeps up with a busy
 * sandbox; a dead one costs a single attempt).
 */
export const MAX_WINDOW = 32;

/** The most events an endpoint can have waiting, in count and in payload bytes. */
export const QUEUE_BOUND = { maxEvents: 1_000, maxBytes: 1024 * 1024 } as const;
export type QueueBound = { maxEvents: number; maxBytes: number };

/** Endpoints enabled at once: with the bound above, what keeps memory and the file bounded. */
export const MAX_ENABLED_ENDPOINTS = 256;

/** A wait in words: 5000 → "5 s", 1_800_000 → "30 min", 99_305_000 → "27 h 35 min 5 s". */
export function inWords(ms: number): string {
  if (ms < 1000 || ms % 1000 !== 0) return `${ms} ms`;
  const parts: Array<[number, string]> = [
    [Math.floor(ms / 3_600_000), 'h'],
    [Math.floor(ms / 60_000) % 60, 'min'],
    [Math.floor(ms / 1000) % 60, 's'],
  ];
  return parts
    .filter(([amount]) => amount > 0)
    .map(([amount, unit]) => `${amount} ${unit}`)
    .join(' ');
}

const bytesInWords = (bytes: number) =>
  bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${Math.round(bytes / 1024)} KiB`;

/** The delivery rules as the document and the README state them. */
export function policyInWords(delays: readonly number[] = RETRY_DELAYS_MS): string {
  return (
    `Each endpoint has its own queue, sent in order, one event at first and up to ` +
    `${MAX_WINDOW} at once while it accepts them, so a slow or dead endpoint never delays ` +
    `another. A delivery succeeds on a 2xx answer within ${inWords(ATTEMPT_TIMEOUT_MS)}; ` +
    `anything else is a failure. After a failure the endpoint waits, then tries its oldest ` +
    `waiting event again: ${delays.length + 1} attempts, the first at once, then after ` +
    `${delays.map(inWords).join(', ')}. When the last fails the endpoint is disabled, with ` +
    `the reason in \`disabledReason\`; an answer of 410 disables it at once. At most ` +
    `${QUEUE_BOUND.maxEvents} events and ${bytesInWords(QUEUE_BOUND.maxBytes)} of payloads ` +
    `wait per endpoint: past that the oldest are dropped and counted in \`dropped\`. ` +
    `At most ${MAX_ENABLED_ENDPOINTS} endpoints are enabled at once.`
  );
}
