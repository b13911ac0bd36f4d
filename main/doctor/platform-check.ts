// Reaching the platform with the till's own key, for the doctor and for Settings when a
// key is saved: an empty sale is posted, which a working platform refuses as invalid
// (400/422) only after it has accepted the key. Nothing is recorded; the key never shown.
import { randomUUID } from 'node:crypto';
import type { AgentConfig } from '../config/agent-config.js';
import { readableReason } from '../sync/error-body.js';
import { CLOCK_SKEW_LIMIT_MS } from '../sync/link-state.js';
import { clientFor } from '../sync/platform-client.js';
import { ago, failed, ok, warn, type Check } from './check.js';

const KEY_FIX =
  'Get a new API key from the platform and save it in Settings (or `TILLSYNC_API_KEY`), then run `tillsync resync`.';

export type KeyVerdict = 'accepted' | 'refused' | 'unreachable' | 'wrong_address' | 'unclear';

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

/**
 * Posts an empty sale with the key: a working platform refuses it as invalid (400/422)
 * only after accepting the key. Nothing is recorded; the key is never shown.
 */
export async function probeKey(config: AgentConfig, now = Date.now): Promise<KeyProbe | null> {
  const client = clientFor(config);
  if (!client) return null;
  const url = config.baseUrl!;
  const started = now();
  try {
    const answer = await client.postSale(
      '{}',
      `tillsync-doctor-${randomUUID()}`,
      AbortSignal.timeout(config.sync.requestTimeoutMs + 1000),
    );
    const tookMs = now() - started;
    if (answer.kind !== 'response') {
      const why =
        answer.kind === 'timeout'
          ? `no answer within ${config.sync.requestTimeoutMs / 1000} s`
          : answer.kind === 'network'
            ? `${answer.code}: ${answer.message}`
            : 'the request was stopped';
      return {
        verdict: 'unreachable',
        detail: `Cannot reach ${url} (${why}).`,
        fix: "Check the till's internet connection and the platform address. Sales wait on this till and are sent once it is reachable.",
      };
    }
    const { status } = answer;
    const reason = readableReason(status, answer.headers.get('content-type'), answer.body);
    const serverDate = Date.parse(answer.headers.get('date') ?? '');
    const skewMs = Number.isNaN(serverDate) ? undefined : serverDate - started;
    const probe = (verdict: KeyVerdict, detail: string, fix?: string): KeyProbe => ({
      verdict,
      detail,
      fix,
      tookMs,
      skewMs,
    });
    if (status === 400 || status === 422)
      return probe('accepted', `${url} answered in ${tookMs} ms and accepted the API key.`);
    if (status === 401) return probe('refused', `${url} refused the API key (${reason}).`, KEY_FIX);
    if (status === 403)
      return probe('refused', `The API key may not record sales (${reason}).`, KEY_FIX);
    if (status === 404)
      return probe(
        'wrong_address',
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
        `This till's clock is ${ago(Math.abs(skew))} ${skew > 0 ? 'behind' : 'ahead of'} the platform's.`,
        "Set the till's date and time (turn on automatic time): receipts carry the till's time.",
      ),
    );
  return checks;
}
