// `tillsync daemon`: the sync engine, headless, until SIGINT/SIGTERM, optionally with the
// loopback console. `tillsync start`: the desktop app, or where it cannot run here, the
// daemon with the console; both use the embedded sandbox until a platform is configured.
import type { Command } from 'commander';
import type { Translator } from '../../../domain/i18n/messages.js';
import { embeddedSandboxText } from '../../agent/embedded-sandbox.js';
import { createRuntime, type RuntimeOptions } from '../../agent/runtime.js';
import { housekeepingDayOf } from '../../housekeeping/housekeeping-clock.js';
import { fileSecretStore } from '../../config/secret-store.js';
import { canSend, storeOfMode } from '../../config/till-store.js';
import { createService } from '../../agent/service.js';
import { startConsole } from '../../console/server.js';
import { desktopAvailability, launchDesktop } from '../../desktop/launcher.js';
import { createLogger, engineLogger } from '../../log/logger.js';
import { addMetricsFlags, addPlatformFlags, cannotSend, loadCliConfig } from '../config-access.js';
import { EXIT } from '../exit-codes.js';
import { CliError } from '../io.js';
import { terminalWords } from '../words.js';

interface RunOptions {
  sandbox: RuntimeOptions['sandbox'];
  console: boolean;
  consolePort: number;
  /** The command as a person typed it, named by the console's login pages. */
  startedBy: string;
}

async function runUntilSignal(command: Command, run: RunOptions): Promise<void> {
  const { dataDir, config, flags } = loadCliConfig(command);
  if (run.sandbox === 'never' && !canSend(config))
    throw new CliError(cannotSend({ dataDir, config }), EXIT.invalidInput);

  const day = housekeepingDayOf(process.env);
  if (!day.ok) throw new CliError(day.error, EXIT.invalidInput);
  const logger = createLogger({ dataDir });
  const runtime = await createRuntime({
    housekeepingDayMs: day.dayMs,
    dataDir,
    env: process.env,
    flags,
    secrets: fileSecretStore(dataDir),
    sandbox: run.sandbox,
    kind: run.console ? 'console' : 'daemon',
    logger: engineLogger(logger),
    // At start, and each time Settings switch back to the sandbox: a new one, new addresses.
    onSandboxStarted(sandbox) {
      logger.warn(
        {
          sandboxUrl: sandbox.url,
          docs: sandbox.docsUrl,
          dataDir: storeOfMode(dataDir, 'sandbox').folder,
        },
        'SANDBOX MODE: sales go to the sandbox on this machine, not to a platform. Set TILLSYNC_BASE_URL and TILLSYNC_API_KEY to use yours.',
      );
      // The admin token goes to the terminal (like the console's link), not into the logs.
      process.stderr.write(embeddedSandboxText(sandbox));
    },
  });
  const { agent } = runtime;
  logger.info(
    {
      mode: agent.mode,
      database: agent.databaseFile,
      baseUrl: agent.embedded?.sandbox.url ?? config.baseUrl,
      concurrency: config.sync.concurrency,
      metrics: runtime.metricsUrl,
    },
    'Tillsync daemon started',
  );
  const consoleServer = run.console
    ? await startConsole({
        service: createService(runtime, engineLogger(logger)),
        dataDir,
        port: run.consolePort,
        startedBy: run.startedBy,
      })
    : undefined;
  if (consoleServer) {
    // The link carries the console token: it goes to the terminal, not into the logs.
    logger.info(
      { console: consoleServer.url, tokenFile: consoleServer.tokenFile },
      'Console listening on 127.0.0.1',
    );
    const url = consoleServer.loginUrl;
    process.stderr.write(`${terminalWords().t('cli.daemon.openConsole', { url })}\n`);
  }
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  logger.info(
    { signal },
    'Stopping: no new sales are taken; sales in flight finish or go back to the queue',
  );
  // A service manager waits only so long: whatever holds the process (a locked database,
  // a stuck handle), it exits within the grace time plus a margin. Nothing is lost: a
  // sale not yet confirmed is sent again, with the same key, by the next start.
  exitAfter(config.sync.shutdownGraceMs + STOP_MARGIN_MS, 'Stopping took too long; exiting now');
  await consoleServer?.close();
  const final = await runtime.close();
  logger.info({ counts: final?.counts }, 'Tillsync daemon stopped');
  exitAfter(STOP_MARGIN_MS, 'A handle kept the stopped daemon alive; exiting now');

  function exitAfter(ms: number, message: string): void {
    setTimeout(() => {
      logger.warn({}, message);
      process.exit(process.exitCode ?? 0);
    }, ms).unref();
  }
}

/** Beyond the engine's grace time, for closing the database and the console. */
const STOP_MARGIN_MS = 3000;

const consolePort = (value: string) => {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new CliError(terminalWords().t('cli.daemon.badPort'), EXIT.invalidInput);
  return port;
};

export function registerDaemon(program: Command, help: Translator): void {
  addMetricsFlags(
    addPlatformFlags(
      program
        .command('daemon')
        .description(help.t('cli.help.daemon.description'))
        .option('--sandbox', help.t('cli.help.daemon.sandbox'))
        .option('--console', help.t('cli.help.daemon.console'))
        .option('--console-port <port>', help.t('cli.help.daemon.consolePort'), consolePort, 4400),
      help,
    ),
    help,
  ).action(
    async (
      options: { sandbox?: boolean; console?: boolean; consolePort: number },
      command: Command,
    ) => {
      await runUntilSignal(command, {
        sandbox: options.sandbox ? 'always' : 'never',
        console: Boolean(options.console),
        consolePort: options.consolePort,
        startedBy: 'tillsync daemon --console',
      });
    },
  );

  addMetricsFlags(
    addPlatformFlags(
      program
        .command('start')
        .description(help.t('cli.help.start.description'))
        .option('--console-port <port>', help.t('cli.help.start.consolePort'), consolePort, 4400),
      help,
    ),
    help,
  ).action(async (options: { consolePort: number }, command: Command) => {
    const desktop = desktopAvailability();
    if (desktop.ok) {
      process.exitCode = await launchDesktop(desktop.binary);
      return;
    }
    const reason = desktop.reason;
    process.stderr.write(`${terminalWords().t('cli.daemon.noDesktop', { reason })}\n`);
    await runUntilSignal(command, {
      sandbox: 'when-unconfigured',
      console: true,
      consolePort: options.consolePort,
      startedBy: 'tillsync start (npm start)',
    });
  });
}
