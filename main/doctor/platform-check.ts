// Reaching the platform with the till's own key: an empty sale is posted, which a working
// platform refuses as invalid (400/422) only after it has accepted the key. Nothing is
// recorded, and the key is never shown.
import { randomUUID } from 'node:crypto';
import type { AgentConfig } from '../config/agent-config.js';
import { readableReason } from '../sync/error-body.js';
import { CLOCK_SKEW_LIMIT_MS } from '../sync/link-state.js';
import { clientFor } from '../sync/platform-client.js';
import { ago, failed, ok, warn, type Check } from './check.js';

const KEY_FIX =
  'Get a new API key from the platform and save it in Settings (or `TILLSYNC_API_KEY`), then run `tillsync resync`.';

export async function checkPlatform(config: AgentConfig, now = Date.now): Promise<Check[]> {
  const client = clientFor(config);
  if (!client) return [];
  const url = config.baseUrl!;
  const started = now();
  try {
    const answer = await client.postSale(
      '{}',
      `tillsync-doctor-${randomUUID()}`,
      AbortSignal.timeout(config.sync.requestTimeoutMs + 1000),
    );
    const took = now() - started;
    if (answer.kind !== 'response') {
      const why =
        answer.kind === 'timeout'
          ? `no answer within ${config.sync.requestTimeoutMs / 1000} s`
          : answer.kind === 'network'
            ? `${answer.code}: ${answer.message}`
            : 'the request was stopped';
      return [
        failed(
          'platform',
          `Cannot reach ${url} (${why}).`,
          "Check the till's internet connection and the platform address. Sales wait on this till and are sent once it is reachable.",
        ),
      ];
    }
    const { status } = answer;
    const reason = readableReason(status, answer.headers.get('content-type'), answer.body);
    const checks: Check[] = [];
    if (status === 400 || status === 422)
      checks.push(ok('platform', `${url} answered in ${took} ms and accepted the API key.`));
    else if (status === 401)
      checks.push(failed('platform', `${url} refused the API key (${reason}).`, KEY_FIX));
    else if (status === 403)
      checks.push(failed('platform', `The API key may not record sales (${reason}).`, KEY_FIX));
    else if (status === 404)
      checks.push(
        failed(
          'platform',
          `${url} has no /v1/sales (${reason}).`,
          "Check the platform address: it is the API's base address, like https://api.example.com.",
        ),
      );
    else if (status === 429 || status >= 500)
      checks.push(
        warn(
          'platform',
          `${url} is reachable but could not check the key now (${reason}).`,
          'Run `tillsync doctor` again in a few minutes. Sales wait and are sent when the platform recovers.',
        ),
      );
    else
      checks.push(
        warn(
          'platform',
          `${url} answered an empty test sale with ${reason}.`,
          'Tell the platform support: an empty sale should be refused as invalid (422).',
        ),
      );
    const serverDate = Date.parse(answer.headers.get('date') ?? '');
    const skew = Number.isNaN(serverDate) ? 0 : serverDate - started;
    if (Math.abs(skew) > CLOCK_SKEW_LIMIT_MS)
      checks.push(
        warn(
          'clock',
          `This till's clock is ${ago(Math.abs(skew))} ${skew > 0 ? 'behind' : 'ahead of'} the platform's.`,
          "Set the till's date and time (turn on automatic time): receipts carry the till's time.",
        ),
      );
    return checks;
  } finally {
    client.close();
  }
}
