// `tillsync status`: sales per state and the state of sync, read from the database, so it
// shows the same whether the app, the daemon or nothing is running.
import type { Command } from 'commander';

import { OUTBOX_STATES } from '../../../db/schema.js';

import { loadAgentConfig, syncTuningSchema, type AgentConfig } from '../../config/agent-config.js';
import { resolveDataDir } from '../../config/data-dir.js';
import { viewStatus } from '../../contract/status-view.js';
import { readStoreStatus, type SyncStatus } from '../../sync/status.js';
import { printJson } from '../io.js';
import { withStore, type DataDirOption } from '../store-access.js';

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
      const globals = command.optsWithGlobals<DataDirOption>();
      const loaded = loadAgentConfig({ dataDir: resolveDataDir(globals.dataDir) });
      const config: AgentConfig = loaded.ok ? loaded.value : { sync: syncTuningSchema.parse({}) };
      await withStore(globals, (store) => {
        const now = Date.now();
        const sync = readStoreStatus(store, config, now);
        const { counts } = sync;
        if (options.json) {
          printJson({
            database: store.file,
            counts,
            sync,
            ...(loaded.ok ? {} : { configError: loaded.error.message }),
          });
          return;
        }
        const lines = [
          'Tillsync till status',
          `  database   ${store.file}`,
          ...OUTBOX_STATES.map((state) => `  ${state.padEnd(10)} ${counts[state]}`),
          ...describe(sync, now),
        ];
        if (!loaded.ok) lines.push(`  config     ${loaded.error.message}`);
        process.stdout.write(lines.join('\n') + '\n');
      });
    });
}
