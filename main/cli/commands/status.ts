// `tillsync status`: sales per state, the state of sync and the shift the till is in, read
// from the database, so it shows the same whether the app, the daemon or nothing is running.
import type { Command } from 'commander';

import { OUTBOX_STATES } from '../../../domain/sale-states.js';

import { relativeTime, viewStatus } from '../../../domain/views/status-view.js';
import { english } from '../../../domain/i18n/messages.js';
import { readStoreStatus, type SyncStatus } from '../../sync/status.js';
import { plural, sentence } from '../../../domain/words.js';
import { printJson } from '../io.js';
import type { Store } from '../../../db/store.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { tillFields, tillLine, withStore, type CliTill } from '../store-access.js';

const KEY_ELSEWHERE = {
  desktop_app: 'kept encrypted by the desktop app (this command cannot read it)',
  sender: 'in the Tillsync process that sends (this command cannot read it)',
} as const;

/** Where sales go; what is missing, in the same terms as the key line below it. */
function platformLine(sync: SyncStatus): string {
  if (sync.mode === 'sandbox')
    return `SANDBOX on this machine (${sync.baseUrl}), not a real platform`;
  if (sync.mode === 'platform') return sync.baseUrl ?? '';
  if (sync.baseUrl)
    return `${sync.baseUrl}, not in use yet: ${
      sync.apiKey.set
        ? 'no Tillsync process has sent with it'
        : 'no API key is set (Settings or TILLSYNC_API_KEY)'
    }`;
  return sync.apiKey.set
    ? 'not configured: no platform address (set it in Settings or TILLSYNC_BASE_URL)'
    : 'not configured (set TILLSYNC_BASE_URL and TILLSYNC_API_KEY)';
}

function keyLine(sync: SyncStatus, refused: boolean): string {
  const key = sync.apiKey;
  if (!key.set) return 'not set';
  const details = [
    key.elsewhere && KEY_ELSEWHERE[key.elsewhere],
    key.expiresAt && `expires ${new Date(key.expiresAt).toISOString()}`,
    refused && 'refused by the platform',
  ].filter(Boolean);
  return ['set', ...details].join(', ');
}

/** The status in lines, read through the same status view as the banner and the tray. */
function describe(sync: SyncStatus, now: number, timeZone: string): string[] {
  const view = viewStatus(sync, now, timeZone, english); // no settings at hand here: English
  const refused = view.link === 'key_rejected';
  const lines = [
    `  platform   ${platformLine(sync)}`,
    `  api key    ${keyLine(sync, refused)}`,
    `  link       ${view.link.replace('_', ' ')}`,
    `  sync       ${view.headline}`,
  ];
  if (refused)
    lines.push(
      `  paused     ${sentence(sync.paused?.reason ?? 'The platform refused the API key')} Set a new key, then run \`tillsync resync\`.`,
    );
  for (const warning of view.warnings) lines.push(`  warning    ${warning}`);
  if (view.uncertain > 0) lines.push('  uncertain   see `tillsync refused --uncertain`');
  lines.push(`  last sent  ${view.lastSuccess}`, `  next try   ${view.nextAttempt}`);
  if (view.lastError)
    lines.push(
      `  last error ${view.lastError.when}${view.lastError.past ? ' (sending worked since)' : ''}: ${view.lastError.message}`,
    );
  lines.push(`  shift      ${view.shift}`);
  if (sync.sender !== 'none')
    lines.push(
      `  sending    ${sync.sender === 'this process' ? 'now' : 'another Tillsync process is sending'}`,
    );
  return lines;
}

export function registerStatus(program: Command): void {
  program
    .command('status')
    .description('Show sales per state, the state of sync and the open shift')
    .option('--json', 'print JSON instead of text')
    .action(async (options: { json?: boolean }, command: Command) => {
      // The configuration as every command loads it (the saved key included); one that
      // cannot be read is shown, not fatal.
      const read = (store: Store, found: CliTill) => {
        const now = Date.now();
        const sync = readStoreStatus(store, found.config, { now, dataDir: found.dataDir });
        const { counts } = sync;
        // Sales put aside at the counter: not sales yet, but money a person will come back for.
        const held = store.heldCount();
        const { configError } = found;
        if (options.json) {
          printJson({
            database: store.file,
            till: tillFields(found),
            counts,
            held,
            sync,
            ...(configError ? { configError } : {}),
          });
          return;
        }
        const lines = [
          'Tillsync till status',
          tillLine(found),
          ...OUTBOX_STATES.map((state) => `  ${state.padEnd(10)} ${counts[state]}`),
          ...(held.count > 0
            ? [
                `  held       ${plural(held.count, 'sale')} on hold at the counter, the oldest held ${relativeTime(Math.min(held.oldestAt!, now), now)}`,
              ]
            : []),
          ...describe(sync, now, tillTimeZone(store.settings.read())),
        ];
        if (configError) lines.push(`  config     ${configError}`);
        process.stdout.write(lines.join('\n') + '\n');
      };
      await withStore(command, read, { lenient: true });
    });
}
