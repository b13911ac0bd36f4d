// Every answer the platform can give, and what the sync engine does about it. This is the
// one place the classification lives; the README's table is written from it.
import { readableReason } from './error-body.js';
import { networkWords } from './network-words.js';
import { parseRetryAfter } from './retry-after.js';

/** The headers of an answer, read by name (case-insensitive). */
export interface AnswerHeaders {
  get(name: string): string | null;
}

/** What came back from one POST /v1/sales. */
export type Answer =
  | { kind: 'response'; status: number; headers: AnswerHeaders; body: string }
  /** `sent`: the request had fully gone out, so the platform may have stored it. */
  | { kind: 'network'; code: string; message: string; sent: boolean }
  | { kind: 'timeout'; sent: boolean }
  | { kind: 'aborted'; sent: boolean };

export type Classification =
  /** Accepted: keep the remote id and body. */
  | { kind: 'synced'; platformId: string | null; platformAnswer: string }
  /** Not the sale's fault: try again later with the same key. */
  | { kind: 'retry'; code: string; reason: string; retryAfterMs?: number; unreachable: boolean }
  /** The platform refuses this sale: park it for a person, move on. */
  | { kind: 'refused'; code: string; reason: string }
  /** The key is refused: pause the whole queue until the key or settings change. */
  | { kind: 'paused'; code: string; reason: string }
  /** An answer nobody expects: retry, then park after a bounded number of attempts. */
  | { kind: 'unexpected'; code: string; reason: string; retryAfterMs?: number };

/** Failures to reach the platform at all: the till is offline, so probe, don't hammer. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const PAUSE_STATUSES = new Set([401, 403]);

function platformIdOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as unknown;
    const id =
      parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>).id : undefined;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null; // 2xx with a body that is not JSON: still accepted
  }
}

export function classify(
  answer: Exclude<Answer, { kind: 'aborted' }>,
  now: number,
  retryAfterCapMs: number,
): Classification {
  if (answer.kind === 'network') {
    // The code is kept (stored, logged); the reason is what a cashier reads.
    const words = networkWords(answer.code);
    return {
      kind: 'retry',
      code: `network_${answer.code}`,
      reason: `${words[0]!.toUpperCase()}${words.slice(1)}`,
      // A connection cut after the request went out (ECONNRESET) is one lost answer, not
      // an outage: retry it, but keep the rest of the queue going.
      unreachable: UNREACHABLE_CODES.has(answer.code),
    };
  }
  if (answer.kind === 'timeout') {
    return {
      kind: 'retry',
      code: 'timeout',
      reason: answer.sent
        ? 'The platform did not answer in time'
        : 'The platform could not be reached in time',
      // A request that went out and hangs is a slow platform, not an outage.
      unreachable: !answer.sent,
    };
  }
  const { status, headers, body } = answer;
  if (status >= 200 && status < 300)
    return { kind: 'synced', platformId: platformIdOf(body), platformAnswer: body };
  const code = `http_${status}`;
  const reason = readableReason(status, headers.get('content-type'), body);
  const retryAfterMs = parseRetryAfter(headers.get('retry-after'), now, retryAfterCapMs);
  if (RETRY_STATUSES.has(status))
    return { kind: 'retry', code, reason, retryAfterMs, unreachable: false };
  if (PAUSE_STATUSES.has(status)) return { kind: 'paused', code, reason };
  if (status >= 400 && status < 500) return { kind: 'refused', code, reason };
  return { kind: 'unexpected', code, reason, retryAfterMs };
}
