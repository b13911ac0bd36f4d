// `tillsync status`: sales per state and the state of sync, read from the database, so it
// shows the same whether the app, the daemon or nothing is running.
import type { Command } from 'commander';

import { OUTBOX_STATES } from '../../../db/schema.js';

import { loadAgentConfig, syncTuningSchema, type AgentConfig } from '../../config/agent-config.js';
import { resolveDataDir } from '../../config/data-dir.js';
import { readStoreStatus, type SyncStatus } from '../../sync/status.js';
import { printJson } from '../io.js';
import { withStore, type DataDirOption } from '../store-access.js';

const ago = (ms: number) =>
  ms < 90_000
    ? `${Math.round(ms / 1000)} s`
    : ms < 5_400_000
      ? `${Math.round(ms / 60_000)} min`
      : `${Math.round(ms / 3_600_000)} h`;

function describe(sync: SyncStatus, now: number): string[] {
  const connection = {
    unknown: 'not tried yet',
    online: 'online',
    offline: 'offline: the platform cannot be reached; sales wait on this till',
    authorization: `key rejected: sync is paused. ${sync.paused?.reason ?? ''} Set a new key, then run \`tillsync resync\`.`,
  }[sync.connection];
  const lines = [
    `  platform   ${
      sync.mode === 'not_configured'
        ? 'not configured (set TILLSYNC_BASE_URL and TILLSYNC_API_KEY)'
        : sync.mode === 'sandbox'
          ? `SANDBOX on this machine (${sync.baseUrl}), not a real platform`
          : sync.baseUrl
    }`,
    `  api key    ${sync.apiKey.set ? `set${sync.apiKey.expiresAt ? `, expires ${new Date(sync.apiKey.expiresAt).toISOString()}` : ''}` : 'not set'}`,
    `  sync       ${connection}`,
  ];
  if (sync.stale > 0) lines.push(`  stale      ${sync.stale} sale(s) waiting for more than a day`);
  if (sync.uncertain > 0)
    lines.push(
      `  in doubt   ${sync.uncertain} sale(s) sent without an answer may already be on the platform${sync.keysHonoured ? '' : ' (twice, if sent again)'}: see \`tillsync conflicts --uncertain\``,
    );
  if (sync.throttledUntil)
    lines.push(
      `  waiting    the platform asked for a pause; sending resumes in ${ago(sync.throttledUntil - now)}`,
    );
  if (sync.storageProblem)
    lines.push(
      `  storage    the sync engine cannot write to the database: ${sync.storageProblem.message}`,
    );
  if (sync.clockStep)
    lines.push(
      `  clock      this till's clock jumped by ${ago(Math.abs(sync.clockStep.ms))} ${ago(Math.max(0, now - sync.clockStep.at))} ago; waits are not affected`,
    );
  if (sync.lastSuccessAt) lines.push(`  last sent  ${ago(now - sync.lastSuccessAt)} ago`);
  if (sync.nextAttemptAt)
    lines.push(
      `  next try   ${sync.nextAttemptAt <= now ? 'now' : `in ${ago(sync.nextAttemptAt - now)}`}`,
    );
  if (sync.lastError) lines.push(`  last error ${sync.lastError.message}`);
  if (sync.clockSkewMs) {
    lines.push(
      `  clock      this till's clock is ${ago(Math.abs(sync.clockSkewMs))} ${sync.clockSkewMs > 0 ? 'behind' : 'ahead of'} the platform's; receipts carry the till's time`,
    );
  }
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
