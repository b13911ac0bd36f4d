// Whether sales get through, as the status says it: the link every other reading shows
// (domain/link.ts), so the doctor never calls online what `tillsync status` calls checking.
import { linkAt } from '../../domain/link.js';
import type { SyncStatus } from '../../domain/sync-status.js';
import { sentence } from '../../domain/words.js';
import { failed, ok, warn, type Check } from './check.js';
import { duration } from '../../domain/views/status-view.js';

const WAIT_FIX =
  "Sales wait on this till and are sent once the platform answers. Check the till's internet connection; if it works, the platform may be down or slow.";

function lastAnswer(status: SyncStatus, now: number): string {
  return status.lastContactAt === null
    ? 'it has not answered yet'
    : `it last answered ${duration(Math.max(0, now - status.lastContactAt))} ago`;
}

export function checkLink(status: SyncStatus, now: number): Check[] {
  switch (linkAt(status, now)) {
    case 'not_configured':
      return []; // the configuration check says what is missing
    case 'key_rejected':
      return [
        failed(
          'sync',
          `Sync is paused: the platform refused the API key. ${sentence(status.paused?.reason ?? 'It gave no reason')}`,
          'Save a new API key, then run `tillsync resync`.',
        ),
      ];
    case 'offline':
      return [
        warn(
          'sync',
          `Offline: the platform could not be reached; ${lastAnswer(status, now)}.`,
          WAIT_FIX,
        ),
      ];
    case 'checking':
      return [
        warn(
          'sync',
          `Checking the platform: no answer lately; ${lastAnswer(status, now)}.`,
          WAIT_FIX,
        ),
      ];
    case 'online':
      return [ok('sync', `Online: ${lastAnswer(status, now)}.`)];
  }
}
