// `tillsync daemon`: the sync engine, headless, until SIGINT/SIGTERM. `tillsync start`:
// the same, falling back to the embedded sandbox when no platform is configured.
import type { Command } from 'commander';
import { isConfigured, runAgent } from '../../agent/run-agent.js';
import { createLogger, engineLogger } from '../../log/logger.js';
import { addPlatformFlags, loadCliConfig, NOT_CONFIGURED } from '../config-access.js';
import { EXIT } from '../exit-codes.js';
import { CliError } from '../io.js';

async function runUntilSignal(
  command: Command,
  sandboxWhenUnconfigured: boolean,
  forceSandbox: boolean,
) {
  const { dataDir, config } = loadCliConfig(command);
  const sandbox = forceSandbox || (sandboxWhenUnconfigured && !isConfigured(config));
  if (!sandbox && !isConfigured(config)) throw new CliError(NOT_CONFIGURED, EXIT.invalidInput);

  const logger = createLogger();
  const agent = await runAgent({ dataDir, config, sandbox, logger: engineLogger(logger) });
  if (agent.embedded) {
    logger.warn(
      {
        sandboxUrl: agent.embedded.sandbox.url,
        docs: agent.embedded.sandbox.docsUrl,
        dataDir: agent.dataDir,
      },
      'SANDBOX MODE: sales go to the sandbox on this machine, not to a platform. Set TILLSYNC_BASE_URL and TILLSYNC_API_KEY to use yours.',
    );
  }
  logger.info(
    {
      mode: agent.mode,
      database: agent.databaseFile,
      baseUrl: agent.embedded?.sandbox.url ?? config.baseUrl,
      concurrency: config.sync.concurrency,
    },
    'Tillsync daemon started',
  );
  agent.engine.events.on('status', (status) =>
    logger.debug({ connection: status.connection, counts: status.counts }, 'Sync status'),
  );
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  logger.info(
    { signal },
    'Stopping: no new sales are taken; sales in flight finish or go back to the queue',
  );
  const final = await agent.stop();
  logger.info({ counts: final?.counts }, 'Tillsync daemon stopped');
}

export function registerDaemon(program: Command): void {
  addPlatformFlags(
    program
      .command('daemon')
      .description('Sync in the background until stopped (SIGINT/SIGTERM); JSON logs on stdout')
      .option('--sandbox', 'sync to the sandbox on this machine (its own data, in <data>/sandbox)'),
  ).action(async (options: { sandbox?: boolean }, command: Command) => {
    await runUntilSignal(command, false, Boolean(options.sandbox));
  });

  addPlatformFlags(
    program
      .command('start')
      .description('Start Tillsync; with no platform configured, syncs to the embedded sandbox'),
  ).action(async (_options: unknown, command: Command) => {
    await runUntilSignal(command, true, false);
  });
}
