// `tillsync sync --once`: send what is due now, then stop. `tillsync resync`: clear the
// backoff and the authorization pause, and send everything now (or ask the running
// Tillsync process to).
import type { Command } from 'commander';
import { canSend } from '../../config/till-store.js';
import { createSyncEngine } from '../../sync/engine.js';
import type { DrainSummary } from '../../../domain/sync-status.js';
import type { SyncStatus } from '../../sync/status.js';
import { waitingOf } from '../../../domain/sync-status.js';
import { markRunning } from '../../agent/running.js';
import type { MessageKey, Translator } from '../../../domain/i18n/messages.js';
import { addPlatformFlags, cannotSend } from '../config-access.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printJson } from '../io.js';
import { progressBar } from '../progress.js';
import { findTill, tillFields, tillLine, type CliTill } from '../store-access.js';
import { terminalWords, wordsOfDatabase } from '../words.js';

export function exitCodeFor(status: SyncStatus): number {
  if (status.paused) return EXIT.queuePaused;
  if (waitingOf(status.counts) > 0) return EXIT.salesPending;
  if (status.counts.refused > 0) return EXIT.salesRefused;
  return EXIT.ok;
}

const SKIPPED: Record<NonNullable<DrainSummary['skipped']>, MessageKey> = {
  not_configured: 'cli.sync.notConfigured',
  paused: 'cli.sync.paused',
  offline: 'cli.sync.offline',
  lease_held: 'cli.sync.leaseHeld',
  stopping: 'cli.sync.stopping',
  throttled: 'cli.sync.throttled',
  storage: 'cli.sync.storage',
};

function report(
  summary: DrainSummary,
  status: SyncStatus,
  found: CliTill,
  json: boolean | undefined,
  run: 'drain' | 'resync',
  words: Translator,
): void {
  if (json) {
    printJson({
      ...summary,
      counts: status.counts,
      link: status.link,
      paused: status.paused,
      till: tillFields(found),
    });
    return;
  }
  const lines = [
    words.t('cli.sync.done', {
      run,
      synced: summary.synced,
      refused: summary.refused,
      requeued: summary.requeued,
    }),
    words.t('cli.sync.now', {
      waiting: waitingOf(status.counts),
      synced: status.counts.synced,
      refused: status.counts.refused,
    }),
  ];
  if (summary.skipped) lines.push(words.t(SKIPPED[summary.skipped]));
  else if (status.paused) lines.push(words.t(SKIPPED.paused));
  if (status.counts.refused > 0) lines.push(words.t('cli.sync.seeRefused'));
  lines.push(tillLine(found, words));
  process.stdout.write(lines.join('\n') + '\n');
}

async function withEngine(command: Command, json: boolean | undefined, run: 'drain' | 'resync') {
  const found = findTill(command);
  const { dataDir, config, till } = found;
  const words = wordsOfDatabase(till.databaseFile);
  if (!canSend(config)) throw new CliError(cannotSend(found, words), EXIT.invalidInput);
  const unmarkRunning = markRunning(dataDir, 'cli');
  const engine = createSyncEngine({ file: till.databaseFile, config });
  const before = engine.status();
  const bar = json
    ? undefined
    : progressBar(before.counts.pending, words.t('cli.sync.verb', { run }));
  engine.events.on('sale', () => bar?.tick());
  try {
    const summary = await engine[run]();
    bar?.finish();
    const status = engine.status();
    report(summary, status, found, json, run, words);
    process.exitCode = exitCodeFor(status);
  } finally {
    await engine.stop();
    unmarkRunning();
  }
}

export function registerSync(program: Command, help: Translator): void {
  addPlatformFlags(
    program
      .command('sync')
      .description(help.t('cli.help.sync.description'))
      .option('--once', help.t('cli.help.sync.once'))
      .option('--json', help.t('cli.help.common.jsonSummary')),
    help,
  ).action(async (options: { once?: boolean; json?: boolean }, command: Command) => {
    if (!options.once) {
      throw new CliError(terminalWords().t('cli.sync.useOnce'), EXIT.invalidInput);
    }
    await withEngine(command, options.json, 'drain');
  });

  addPlatformFlags(
    program
      .command('resync')
      .description(help.t('cli.help.resync.description'))
      .option('--json', help.t('cli.help.common.jsonSummary')),
    help,
  ).action(async (options: { json?: boolean }, command: Command) => {
    await withEngine(command, options.json, 'resync');
  });
}
