// `tillsync status`: sales per state and the state of sync, read from the database, so it
// shows the same whether the app, the daemon or nothing is running.
import type { Command } from 'commander';

import { OUTBOX_STATES } from '../../../db/schema.js';

import { viewStatus } from '../../contract/status-view.js';
import { readStoreStatus, type SyncStatus } from '../../sync/status.js';
import { printJson } from '../io.js';
import type { Store } from '../../../db/store.js';
import { tillFields, tillLine, withStore, type CliTill } from '../store-access.js';

/** The status in lines, read through the same status view as the banner and the tray. */
function describe(sync: SyncStatus, now: number): string[] {
  const view = viewStatus(sync, now);
  const lines = [
    `  platform   ${
      sync.mode === 'not_configured'
        ? 'not configured (set TILLSYNC_BASE_URL and TILLSYNC_API_KEY)'
        : sync.mode === 'sandbox'
          ? `SANDBOX on this machine (${sync.baseUrl}), not a real platform`
          : sync.baseUrl
    }`,
    `  api key    ${sync.apiKey.set ? `set${sync.apiKey.expiresAt ? `, expires ${new Date(sync.apiKey.expiresAt).toISOString()}` : ''}` : 'not set'}`,
    `  sync       ${view.headline}`,
  ];
  if (view.link === 'key_rejected')
    lines.push(
      `  paused     ${sync.paused?.reason ?? ''} Set a new key, then run \`tillsync resync\`.`,
    );
  for (const warning of view.warnings) lines.push(`  warning    ${warning}`);
  if (view.inDoubt > 0) lines.push('  in doubt   see `tillsync conflicts --uncertain`');
  lines.push(`  last sent  ${view.lastSuccess}`, `  next try   ${view.nextAttempt}`);
  if (view.lastError)
    lines.push(
      `  last error ${view.lastError.when}${view.lastError.past ? ' (sending worked since)' : ''}: ${view.lastError.message}`,
    );
  if (sync.sender !== 'none')
    lines.push(
      `  sending    ${sync.sender === 'this process' ? 'now' : 'another Tillsync process is sending'}`,
    );
  return lines;
}

export function registerStatus(program: Command): void {
  program
    .command('status')
    .description('Show sales per state and the state of sync')
    .option('--json', 'print JSON instead of text')
    .action(async (options: { json?: boolean }, command: Command) => {
      // The configuration as every command loads it (the saved key included); one that
      // cannot be read is shown, not fatal.
      const read = (store: Store, found: CliTill) => {
        const now = Date.now();
        const sync = readStoreStatus(store, found.config, now);
        const { counts } = sync;
        const { configError } = found;
        if (options.json) {
          printJson({
            database: store.file,
            till: tillFields(found),
            counts,
            sync,
            ...(configError ? { configError } : {}),
          });
          return;
        }
        const lines = [
          'Tillsync till status',
          tillLine(found),
          ...OUTBOX_STATES.map((state) => `  ${state.padEnd(10)} ${counts[state]}`),
          ...describe(sync, now),
        ];
        if (configError) lines.push(`  config     ${configError}`);
        process.stdout.write(lines.join('\n') + '\n');
      };
      await withStore(command, read, { lenient: true });
    });
}
