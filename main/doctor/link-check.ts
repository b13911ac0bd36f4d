// Whether sales get through, as the status says it: the link every other reading shows
// (domain/link.ts), so the doctor never calls online what `tillsync status` calls checking.
import { linkAt } from '../../domain/link.js';
import type { SyncStatus } from '../../domain/sync-status.js';
import { sentence } from '../../domain/words.js';
import { said } from '../../domain/i18n/said.js';
import { failed, ok, warn, type Check } from './check.js';
import { duration } from '../../domain/views/status-view.js';

const WAIT_FIX = said('cli.doctor.waitFix');

/** When the platform last answered: "never", or how long ago, for cli.doctor.link's `ago`. */
const lastAnswer = (status: SyncStatus, now: number) =>
  status.lastContactAt === null ? 'never' : duration(Math.max(0, now - status.lastContactAt));

export function checkLink(status: SyncStatus, now: number): Check[] {
  switch (linkAt(status, now)) {
    case 'not_configured':
      return []; // the configuration check says what is missing
    case 'key_rejected':
      return [
        failed(
          'sync',
          // The platform's reason is quoted as it gave it.
          status.paused?.reason
            ? said('cli.doctor.keyRefused', { reason: sentence(status.paused.reason) })
            : said('cli.doctor.keyRefusedNoReason'),
          said('cli.doctor.keyRefusedFix'),
        ),
      ];
    case 'offline':
      return [
        warn(
          'sync',
          said('cli.doctor.link', { link: 'offline', ago: lastAnswer(status, now) }),
          WAIT_FIX,
        ),
      ];
    case 'checking':
      return [
        warn(
          'sync',
          said('cli.doctor.link', { link: 'checking', ago: lastAnswer(status, now) }),
          WAIT_FIX,
        ),
      ];
    case 'online':
      return [
        ok('sync', said('cli.doctor.link', { link: 'online', ago: lastAnswer(status, now) })),
      ];
  }
}
