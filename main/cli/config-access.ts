// Loading the agent's configuration for a CLI command: flags over environment over
// config.json; a bad configuration is a clear error and exit 2.
import type { Command } from 'commander';
import { z } from 'zod';
import {
  concurrencySchema,
  loadAgentConfig,
  withoutUndefined,
  type AgentConfig,
  type ConfigLayer,
} from '../config/agent-config.js';
import { resolveDataDir } from '../config/data-dir.js';
import { readKeyFile } from '../config/secret-store.js';
import { apiKeyPresence } from '../config/till-store.js';
import type { Translator } from '../../domain/i18n/messages.js';
import { EXIT } from './exit-codes.js';
import { CliError, parseOptions } from './io.js';
import { terminalWords } from './words.js';

/** Flags shared by the commands that talk to the platform. */
export function addPlatformFlags(command: Command, help: Translator): Command {
  return command
    .option('--base-url <url>', help.t('cli.help.platform.baseUrl'))
    .option('--api-key-file <file>', help.t('cli.help.platform.apiKeyFile'))
    .option('--shop-id <id>', help.t('cli.help.platform.shopId'))
    .option('--concurrency <n>', help.t('cli.help.platform.concurrency'));
}

/** Where the metrics go (the daemon and `start`). Tokens and headers: environment only. */
export function addMetricsFlags(command: Command, help: Translator): Command {
  return command
    .option('--metrics-listen <host:port>', help.t('cli.help.metrics.metricsListen'))
    .option('--otlp-endpoint <url>', help.t('cli.help.metrics.otlpEndpoint'))
    .option('--pushgateway-url <url>', help.t('cli.help.metrics.pushgatewayUrl'))
    .option('--metrics-interval <seconds>', help.t('cli.help.metrics.metricsInterval'));
}

const flagSchema = z.object({
  metricsListen: z.string().optional(),
  otlpEndpoint: z.string().optional(),
  pushgatewayUrl: z.string().optional(),
  metricsInterval: z.coerce.number().optional(),
  baseUrl: z.string().optional(),
  apiKeyFile: z.string().optional(),
  shopId: z.string().optional(),
  concurrency: z.coerce.number().pipe(concurrencySchema).optional(),
});

export interface LoadedConfig {
  dataDir: string;
  config: AgentConfig;
  /** The command-line layer, for a runtime that reloads the configuration later. */
  flags: ConfigLayer & { apiKeyFile?: string };
}

export function loadCliConfig(command: Command): LoadedConfig {
  const options = command.optsWithGlobals<Record<string, unknown> & { dataDir?: string }>();
  const { concurrency, metricsListen, otlpEndpoint, pushgatewayUrl, metricsInterval, ...rest } =
    parseOptions(flagSchema, options);
  const metrics = withoutUndefined({
    listen: metricsListen,
    otlpEndpoint,
    pushgatewayUrl,
    pushIntervalSeconds: metricsInterval,
  });
  const layer: ConfigLayer & { apiKeyFile?: string } = {
    ...rest,
    ...(concurrency ? { sync: { concurrency } } : {}),
    ...(Object.keys(metrics).length > 0 ? { metrics } : {}),
  };
  const dataDir = resolveDataDir(options.dataDir);
  const storedKey = readKeyFile(dataDir);
  const loaded = loadAgentConfig({ dataDir, flags: layer, storedKey });
  if (!loaded.ok) throw new CliError(loaded.error.message, EXIT.invalidInput);
  return { dataDir, config: loaded.value, flags: layer };
}

/** Why this process cannot send: no platform, or a key only the desktop app can read. */
export function cannotSend(
  { dataDir, config }: Pick<LoadedConfig, 'dataDir' | 'config'>,
  words: Translator = terminalWords(),
): string {
  if (config.baseUrl && apiKeyPresence(dataDir, config) === 'app-only')
    return words.t('cli.sync.keyInApp');
  return words.t('cli.sync.notConfigured');
}
