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
import { addPlatformFlags, cannotSend, NOT_CONFIGURED } from '../config-access.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printJson } from '../io.js';
import { progressBar } from '../progress.js';
import { findTill, tillFields, tillLine, type CliTill } from '../store-access.js';

export function exitCodeFor(status: SyncStatus): number {
  if (status.paused) return EXIT.queuePaused;
  if (waitingOf(status.counts) > 0) return EXIT.salesPending;
  if (status.counts.refused > 0) return EXIT.salesRefused;
  return EXIT.ok;
}

const SKIPPED: Record<NonNullable<DrainSummary['skipped']>, string> = {
  not_configured: NOT_CONFIGURED,
  paused:
    'The platform refused the API key; the queue is paused. Set a new key, then run `tillsync resync`.',
  offline: 'The platform cannot be reached; sales stay queued and will be sent when it can.',
  lease_held:
    'Another Tillsync process (the app or the daemon) is sending for this till right now; it carries on.',
  stopping: 'Stopped before sending.',
  throttled:
    'The platform asked this till to wait before sending more (HTTP 429 or 503); sending resumes by itself.',
  storage:
    'The database cannot be written right now (disk full, busy or read-only); nothing was sent. Free space or fix the disk, then try again.',
};

function report(
  summary: DrainSummary,
  status: SyncStatus,
  found: CliTill,
  json: boolean | undefined,
  verb: string,
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
    `${verb}: ${summary.synced} synced, ${summary.refused} refused, ${summary.requeued} to retry later.`,
    `Now: ${waitingOf(status.counts)} waiting, ${status.counts.synced} synced, ${status.counts.refused} refused.`,
  ];
  if (summary.skipped) lines.push(SKIPPED[summary.skipped]);
  else if (status.paused) lines.push(SKIPPED.paused);
  if (status.counts.refused > 0) lines.push('See them with `tillsync refused`.');
  lines.push(tillLine(found));
  process.stdout.write(lines.join('\n') + '\n');
}

async function withEngine(
  command: Command,
  json: boolean | undefined,
  verb: string,
  run: 'drain' | 'resync',
) {
  const found = findTill(command);
  const { dataDir, config, till } = found;
  if (!canSend(config)) throw new CliError(cannotSend(found), EXIT.invalidInput);
  const unmarkRunning = markRunning(dataDir, 'cli');
  const engine = createSyncEngine({ file: till.databaseFile, config });
  const before = engine.status();
  const bar = json ? undefined : progressBar(before.counts.pending, verb);
  engine.events.on('sale', () => bar?.tick());
  try {
    const summary = await engine[run]();
    bar?.finish();
    const status = engine.status();
    report(summary, status, found, json, verb);
    process.exitCode = exitCodeFor(status);
  } finally {
    await engine.stop();
    unmarkRunning();
  }
}

export function registerSync(program: Command): void {
  addPlatformFlags(
    program
      .command('sync')
      .description('Send the sales that are due now, then stop (exit codes in the README)')
      .option('--once', 'send what is due now and stop (the only mode; the daemon keeps syncing)')
      .option('--json', 'print a JSON summary'),
  ).action(async (options: { once?: boolean; json?: boolean }, command: Command) => {
    if (!options.once) {
      throw new CliError(
        'Use `tillsync sync --once` to send what is due now, or `tillsync daemon` to keep syncing.',
        EXIT.invalidInput,
      );
    }
    await withEngine(command, options.json, 'Sync', 'drain');
  });

  addPlatformFlags(
    program
      .command('resync')
      .description('Try every waiting sale now: clears backoff and a paused queue')
      .option('--json', 'print a JSON summary'),
  ).action(async (options: { json?: boolean }, command: Command) => {
    await withEngine(command, options.json, 'Resync', 'resync');
  });
}
