// `tillsync status`: sales per state and the state of sync, read from the database, so it
// shows the same whether the app, the daemon or nothing is running.
import type { Command } from 'commander';

import { OUTBOX_STATES } from '../../../db/schema.js';

import { loadAgentConfig, syncTuningSchema, type AgentConfig } from '../../config/agent-config.js';
import { resolveDataDir } from '../../config/data-dir.js';
import { viewStatus } from '../../contract/status-view.js';
import { readStoreStatus, type SyncStatus } from '../../sync/status.js';
import { sentence } from '../../../domain/words.js';
import { printJson } from '../io.js';
import { withStore, type DataDirOption } from '../store-access.js';

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
function describe(sync: SyncStatus, now: number): string[] {
  const view = viewStatus(sync, now);
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
        const dataDir = resolveDataDir(globals.dataDir);
        const sync = readStoreStatus(store, config, { now, dataDir });
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
