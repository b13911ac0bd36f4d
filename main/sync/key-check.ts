// Asking the platform now whether it accepts the key, rather than waiting for the next
// sale: when a key is saved, and when an address is saved for a key already there. An
// empty sale is posted, which a working platform refuses as invalid (400/422) only after
// it has accepted the key. The verdict goes into the link state like any answer, so a
// refused key pauses the queue and every screen says "Key rejected" at once.
import { randomUUID } from 'node:crypto';
import { classify, type Answer } from './classify.js';
import type { Clock } from './clock.js';
import type { LinkKnowledge } from './link-state.js';
import type { PlatformClient } from './platform-client.js';
import type { ResyncRequests } from './resync-requests.js';
import { queueWaitOf } from './decide.js';
import type { Pacer } from './pacer.js';
import { readRateLimits } from './rate-limit-headers.js';

export type KeyVerdict = 'accepted' | 'refused' | 'unreachable' | 'wrong_address' | 'unclear';

export interface KeyCheckVerdict {
  verdict: KeyVerdict;
  /** As stored for an error: `http_401`, `network_ECONNREFUSED`, `timeout`. */
  code: string;
  /** In words a person reads. */
  reason: string;
  /** No way to the platform at all (refused, no route): the link is offline. */
  offline: boolean;
}

export type CheckedAnswer = Exclude<Answer, { kind: 'aborted' }>;

/** Posts the empty sale with the client's key; nothing is stored by a working platform. */
export const postKeyCheck = (client: PlatformClient, signal: AbortSignal): Promise<Answer> =>
  client.postSale('{}', `tillsync-key-check-${randomUUID()}`, signal);

/** What the answer to the empty sale says of the key. */
export function judgeKeyCheck(answer: CheckedAnswer): KeyCheckVerdict {
  const classified = classify(answer, 0, 0);
  if (classified.kind === 'synced')
    return {
      verdict: 'unclear',
      code: 'empty_sale_accepted',
      reason: 'The platform accepted an empty sale',
      offline: false,
    };
  const verdict = (kind: KeyVerdict): KeyCheckVerdict => ({
    verdict: kind,
    code: classified.code,
    reason: classified.reason,
    offline: classified.kind === 'retry' && classified.unreachable,
  });
  if (answer.kind !== 'response') return verdict('unreachable');
  if (classified.kind === 'paused') return verdict('refused');
  if (answer.status === 400 || answer.status === 422) return verdict('accepted');
  if (answer.status === 404) return verdict('wrong_address');
  return verdict('unclear');
}

export interface KeyCheckResult {
  answer: CheckedAnswer;
  judged: KeyCheckVerdict;
  /** The till's clock when the check was sent, and how long the platform took. */
  startedAt: number;
  tookMs: number;
}

/** The queue's pace, which a check's answer sets as a sale's would (the quota is the key's). */
export interface KeyCheckPace {
  pacer: Pick<Pacer, 'note'>;
  retryAfterCapMs: () => number;
  /** The platform asked the whole queue to wait this long (429/503 with Retry-After). */
  queueWait: (ms: number) => void;
}

/** A rate limit read, or a wait asked for, holds the queue: the next sale meets no 429. */
function paceBy(answer: CheckedAnswer, pace: KeyCheckPace, now: number): void {
  if (answer.kind !== 'response') return;
  pace.pacer.note(readRateLimits(answer.headers), answer.status === 429);
  const verdict = classify(answer, now, pace.retryAfterCapMs());
  const retryAfterMs = 'retryAfterMs' in verdict ? (verdict.retryAfterMs ?? 0) : 0;
  const wait = queueWaitOf(answer.status, retryAfterMs);
  if (wait !== null) pace.queueWait(wait);
}

export interface KeyCheckTarget {
  client: PlatformClient | undefined;
  baseUrl: string | undefined;
  keyHash: string | null;
}

/**
 * The engine's key checks: one at a time for a key and address (a second ask joins it),
 * recorded through the link state while that key is still the one in use.
 */
export function createKeyChecker(
  link: LinkKnowledge,
  clock: Clock,
  signal: AbortSignal,
  target: () => KeyCheckTarget,
  resyncs?: Pick<ResyncRequests, 'current' | 'answeredUpTo'>,
  pace?: KeyCheckPace,
) {
  let running: { of: string; result: Promise<KeyCheckResult | null> } | undefined;

  async function run(client: PlatformClient, keyHash: string | null) {
    const startedAt = clock.now();
    const started = clock.monotonic();
    const resyncBefore = resyncs?.current();
    const answer = await postKeyCheck(client, signal);
    if (answer.kind === 'aborted') return null; // stopping: nothing learnt
    const judged = judgeKeyCheck(answer);
    const keyCurrent = target().keyHash === keyHash;
    link.recordKeyCheck(answer, judged, keyHash, keyCurrent);
    if (pace && keyCurrent) paceBy(answer, pace, clock.now()); // an old key's quota is not ours
    // A refusal answers every Resync asked before the check, as a pass's does: one not yet
    // followed here must not lift the pause it just set.
    if (link.paused && judged.verdict === 'refused' && resyncBefore?.ok)
      resyncs?.answeredUpTo(resyncBefore.value);
    return { answer, judged, startedAt, tookMs: Math.round(clock.monotonic() - started) };
  }

  return {
    /** Checks the key in use now; null when no platform is set or the engine stops. */
    check: (): Promise<KeyCheckResult | null> => {
      const { client, baseUrl, keyHash } = target();
      if (!client || !baseUrl || signal.aborted) return Promise.resolve(null);
      const of = `${keyHash} ${baseUrl}`;
      if (running?.of === of) return running.result;
      const result = run(client, keyHash).finally(() => {
        if (running?.result === result) running = undefined;
      });
      running = { of, result };
      return result;
    },
    /** Resolves once no check is under way (the engine waits for it when stopping). */
    settled: async () => void (await running?.result.catch(() => null)),
  };
}
