// Reaching the platform with the till's own key, for the doctor, and the words for what a
// key check found (the doctor's, and the Settings screen's when a key is saved: that check
// is the engine's, main/sync/key-check.ts). The key is never shown.
import type { AgentConfig } from '../config/agent-config.js';
import { readableReason } from '../sync/error-body.js';
import {
  judgeKeyCheck,
  postKeyCheck,
  type KeyCheckResult,
  type KeyVerdict,
} from '../sync/key-check.js';
import { CLOCK_SKEW_LIMIT_MS } from '../sync/link-state.js';
import { networkWords } from '../sync/network-words.js';
import { clientFor } from '../sync/platform-client.js';
import { failed, ok, warn, type Check } from './check.js';
import { duration } from '../../domain/views/status-view.js';

const KEY_FIX =
  'Get a new API key from the platform and save it in Settings (or `TILLSYNC_API_KEY`), then run `tillsync resync`.';

export interface KeyProbe {
  verdict: KeyVerdict;
  /** What happened, in words a shop owner reads. */
  detail: string;
  fix?: string;
  /** How long the platform took, when it answered. */
  tookMs?: number;
  /** Platform clock minus till clock, when it answered with a Date. */
  skewMs?: number;
}

/** A key check's answer in words: what happened at `url`, and what to do about it. */
export function describeKeyCheck(
  url: string,
  check: KeyCheckResult,
  requestTimeoutMs: number,
): KeyProbe {
  const { answer, tookMs, startedAt } = check;
  if (answer.kind !== 'response') {
    const why =
      answer.kind === 'timeout'
        ? `no answer within ${requestTimeoutMs / 1000} s`
        : networkWords(answer.code);
    return {
      verdict: 'unreachable',
      detail: `Cannot reach ${url}: ${why}.`,
      fix: "Check the till's internet connection and the platform address. Sales wait on this till and are sent once it is reachable.",
    };
  }
  const { status } = answer;
  const reason = readableReason(status, answer.headers.get('content-type'), answer.body);
  const serverDate = Date.parse(answer.headers.get('date') ?? '');
  const skewMs = Number.isNaN(serverDate) ? undefined : serverDate - startedAt;
  const probe = (verdict: KeyVerdict, detail: string, fix?: string): KeyProbe => ({
    verdict,
    detail,
    fix,
    tookMs,
    skewMs,
  });
  const verdict = check.judged.verdict;
  if (verdict === 'accepted')
    return probe(verdict, `${url} answered in ${tookMs} ms and accepted the API key.`);
  if (verdict === 'refused')
    return status === 403
      ? probe(verdict, `The API key may not record sales (${reason}).`, KEY_FIX)
      : probe(verdict, `${url} refused the API key (${reason}).`, KEY_FIX);
  if (verdict === 'wrong_address')
    return probe(
      verdict,
      `${url} has no /v1/sales (${reason}).`,
      "Check the platform address: it is the API's base address, like https://api.example.com.",
    );
  if (status === 429 || status >= 500)
    return probe(
      'unclear',
      `${url} is reachable but could not check the key now (${reason}).`,
      'Try again in a few minutes. Sales wait and are sent when the platform recovers.',
    );
  return probe(
    'unclear',
    `${url} answered an empty test sale with ${reason}.`,
    'Tell the platform support: an empty sale should be refused as invalid (422).',
  );
}

/**
 * The doctor's own check, from a process beside the agent: the same empty sale, with the
 * configuration's key. Nothing is recorded.
 */
export async function probeKey(config: AgentConfig, now = Date.now): Promise<KeyProbe | null> {
  const client = clientFor(config);
  if (!client) return null;
  const startedAt = now();
  try {
    const answer = await postKeyCheck(
      client,
      AbortSignal.timeout(config.sync.requestTimeoutMs + 1000),
    );
    const checked =
      answer.kind === 'aborted' ? { kind: 'timeout' as const, sent: answer.sent } : answer;
    return describeKeyCheck(
      config.baseUrl!,
      { answer: checked, judged: judgeKeyCheck(checked), startedAt, tookMs: now() - startedAt },
      config.sync.requestTimeoutMs,
    );
  } finally {
    client.close();
  }
}

export async function checkPlatform(config: AgentConfig, now = Date.now): Promise<Check[]> {
  const probe = await probeKey(config, now);
  if (!probe) return [];
  const checks: Check[] = [
    probe.verdict === 'accepted'
      ? ok('platform', probe.detail)
      : probe.verdict === 'unclear'
        ? warn('platform', probe.detail, probe.fix!)
        : failed('platform', probe.detail, probe.fix!),
  ];
  const skew = probe.skewMs ?? 0;
  if (Math.abs(skew) > CLOCK_SKEW_LIMIT_MS)
    checks.push(
      warn(
        'clock',
        `This till's clock is ${duration(Math.abs(skew))} ${skew > 0 ? 'behind' : 'ahead of'} the platform's.`,
        "Set the till's date and time (turn on automatic time): receipts carry the till's time.",
      ),
    );
  return checks;
}
