// The agent's configuration: where the platform is, the key, the shop, and how sync
// behaves. Read from (weakest first) defaults, config.json in the data folder, the key
// saved in the app, tillsync.env in the data folder, the environment, and command-line
// flags. Each layer is checked on its own, so an error says where the bad value came from.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { fieldErrorsFrom } from '../../db/field-errors.js';
import { fail, ok, type Result } from '../../domain/result.js';
import { idSchema } from '../../domain/sale-input.js';
import { platformUrlSchema } from '../../domain/platform-url.js';
import { ENV_FILE, readEnvFile } from './env-file.js';
import { messageOf } from '../../domain/errors.js';
import { fieldSays, said } from '../../domain/i18n/said.js';
import {
  DEFAULT_PUSH_INTERVAL_SECONDS,
  METRICS_ENV,
  metricsFromEnv,
  metricsLayerSchema,
  metricsProblem,
  type MetricsSettings,
} from '../metrics/metrics-settings.js';

const ms = (min: number, max: number, fallback: number) =>
  z.number().int().min(min).max(max).default(fallback);

/** Sales sent at the same time: the one rule, for the config file, flags and settings. */
export const concurrencySchema = z
  .number({ error: fieldSays('errors.number.notANumber') })
  .int(fieldSays('errors.number.notWhole'))
  .min(1, fieldSays('errors.number.atLeast', { min: 1 }))
  .max(16, fieldSays('errors.number.atMost', { max: 16 }));

export const syncTuningSchema = z.strictObject({
  concurrency: concurrencySchema.default(4),
  backoffBaseMs: ms(10, 60_000, 1000),
  backoffCapMs: ms(100, 3_600_000, 300_000),
  /** The longest Retry-After honoured. */
  retryAfterCapMs: ms(0, 3_600_000, 600_000),
  requestTimeoutMs: ms(100, 300_000, 15_000),
  /** Waits up to this long are done in place; longer ones go back to the queue. */
  inlineRetryMaxMs: ms(0, 60_000, 5000),
  /** Attempts at an answer nobody expects (like HTTP 501) before the sale is parked. */
  maxUnexpectedAttempts: z.number().int().min(1).max(100).default(10),
  staleAfterMs: ms(60_000, 30 * 86_400_000, 86_400_000),
  pollIntervalMs: ms(50, 600_000, 5000),
  debounceMs: ms(0, 10_000, 200),
  probeIntervalMs: ms(50, 600_000, 5000),
  /** With nothing to send, how often to check that the platform still answers. */
  idleCheckMs: ms(50, 600_000, 30_000),
  leaseTtlMs: ms(200, 600_000, 30_000),
  /** How long a stopping agent lets requests in flight finish. */
  shutdownGraceMs: ms(0, 60_000, 5000),
  /**
   * A sale sent without an answer may already be on the platform. With a platform not
   * known to honour Idempotency-Key: send it again (retry, the default) or park it for a
   * person to check first (park).
   */
  uncertainSales: z.enum(['retry', 'park']).default('retry'),
});

const layerSchema = z.strictObject({
  baseUrl: platformUrlSchema.optional(),
  apiKey: z.string().trim().min(1, fieldSays('errors.field.empty')).optional(),
  shopId: idSchema.optional(),
  sync: syncTuningSchema.partial().optional(),
  metrics: metricsLayerSchema.optional(),
});

export type ConfigLayer = z.input<typeof layerSchema>;
export type SyncTuning = z.output<typeof syncTuningSchema>;

export interface AgentConfig {
  baseUrl?: string;
  apiKey?: string;
  shopId?: string;
  sync: SyncTuning;
  /** Where the till's metrics go (main/metrics/): nothing unless a way out is set. */
  metrics?: MetricsSettings;
}

export const CONFIG_FILE = 'config.json';

export interface ConfigSources {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  flags?: ConfigLayer & { apiKeyFile?: string };
  /** A key entered in the app and kept in its secret store: over config.json, under env. */
  storedKey?: string;
}

/** Settings fixed by flags, the environment or tillsync.env, with where they come from. */
export function lockedSettings({
  env = process.env,
  flags = {},
  dataDir,
}: Pick<ConfigSources, 'env' | 'flags'> & { dataDir?: string }) {
  const fromFile = dataDir ? readEnvFile(dataDir) : {};
  const locked: Record<string, string> = {};
  // The strongest layer that sets it: a flag, then the environment, then the file.
  const lock = (field: string, flag: unknown, flagName: string, ...names: string[]) => {
    const inFile = names.find((name) => fromFile[name]);
    const from = flag
      ? flagName
      : (names.find((name) => env[name]) ?? (inFile && `${inFile} in ${ENV_FILE}`));
    if (from) locked[field] = from;
  };
  lock('baseUrl', flags.baseUrl, '--base-url', 'TILLSYNC_BASE_URL');
  lock(
    'apiKey',
    flags.apiKeyFile || flags.apiKey,
    '--api-key-file',
    'TILLSYNC_API_KEY',
    'TILLSYNC_API_KEY_FILE',
  );
  lock('shopId', flags.shopId, '--shop-id', 'TILLSYNC_SHOP_ID');
  lock('concurrency', flags.sync?.concurrency, '--concurrency');
  // The receipt printer (main/printing/printer-setup.ts): the environment wins over Settings.
  lock('printerAddress', undefined, '', 'TILLSYNC_PRINTER');
  // The metrics settings the Settings screen can change.
  for (const field of ['listen', 'otlpEndpoint', 'pushgatewayUrl'] as const)
    lock(field, flags.metrics?.[field], 'the command-line flags', METRICS_ENV[field]);
  return locked;
}

/** Where a layer comes from: a file (named by its path), or one of the other layers. */
type LayerSource = { kind: 'file'; source: string } | { kind: 'saved' | 'env' | 'flags' };

function check(layer: unknown, from: LayerSource): Result<z.output<typeof layerSchema>> {
  const parsed = layerSchema.safeParse(layer);
  if (parsed.success) return ok(parsed.data);
  const fields = fieldErrorsFrom(parsed.error);
  const listed = fields.map((f) => `${f.path}: ${f.message}`).join('; ');
  const summary = said('errors.config.notValid', { source: '', ...from });
  return fail({
    code: 'invalid_config',
    message: `${summary.message}: ${listed}`,
    summary: summary.message,
    say: summary.say,
    fields,
  });
}

function readKeyFile(file: string, source: string): Result<string> {
  try {
    const key = readFileSync(file, 'utf8').trim();
    return key
      ? ok(key)
      : fail({ code: 'invalid_config', ...said('errors.config.keyFileEmpty', { source, file }) });
  } catch (error) {
    return fail({
      code: 'invalid_config',
      ...said('errors.config.keyFileUnreadable', { source, file, problem: messageOf(error) }),
    });
  }
}

function fileLayer(dataDir: string): Result<unknown> {
  const file = join(dataDir, CONFIG_FILE);
  if (!existsSync(file)) return ok({});
  try {
    return ok(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  } catch (error) {
    return fail({
      code: 'invalid_config',
      ...said('errors.config.fileNotJson', { file, problem: messageOf(error) }),
    });
  }
}

function envLayer(env: NodeJS.ProcessEnv): Result<Record<string, unknown>> {
  const layer: Record<string, unknown> = {};
  const metrics = metricsFromEnv(env);
  if (Object.keys(metrics).length > 0) layer.metrics = metrics;
  if (env.TILLSYNC_BASE_URL) layer.baseUrl = env.TILLSYNC_BASE_URL;
  if (env.TILLSYNC_SHOP_ID) layer.shopId = env.TILLSYNC_SHOP_ID;
  if (env.TILLSYNC_API_KEY) layer.apiKey = env.TILLSYNC_API_KEY;
  else if (env.TILLSYNC_API_KEY_FILE) {
    const key = readKeyFile(env.TILLSYNC_API_KEY_FILE, 'TILLSYNC_API_KEY_FILE');
    if (!key.ok) return key;
    layer.apiKey = key.value;
  }
  return ok(layer);
}

export function loadAgentConfig({
  dataDir,
  env = process.env,
  flags = {},
  storedKey,
}: ConfigSources): Result<AgentConfig> {
  const { apiKeyFile, ...flagLayer } = flags;
  if (apiKeyFile) {
    const key = readKeyFile(apiKeyFile, '--api-key-file');
    if (!key.ok) return key;
    flagLayer.apiKey = key.value;
  }
  const file = fileLayer(dataDir);
  if (!file.ok) return file;
  const fromEnvFile = envLayer(readEnvFile(dataDir));
  if (!fromEnvFile.ok) return fromEnvFile;
  const fromEnv = envLayer(env);
  if (!fromEnv.ok) return fromEnv;
  const layers: Array<[unknown, LayerSource]> = [
    [file.value, { kind: 'file', source: join(dataDir, CONFIG_FILE) }],
    [storedKey ? { apiKey: storedKey } : {}, { kind: 'saved' }],
    // What the service reads (systemd's EnvironmentFile), for every process alike.
    [fromEnvFile.value, { kind: 'file', source: join(dataDir, ENV_FILE) }],
    [fromEnv.value, { kind: 'env' }],
    [flagLayer, { kind: 'flags' }],
  ];
  const merged: z.output<typeof layerSchema> = {};
  for (const [layer, source] of layers) {
    const checked = check(layer, source);
    if (!checked.ok) return checked;
    const { sync, metrics, ...rest } = checked.value;
    Object.assign(merged, withoutUndefined(rest));
    merged.metrics = { ...merged.metrics, ...withoutUndefined(metrics ?? {}) };
    // Only the keys this layer sets: zod's partial() still fills in inner defaults, which
    // would let a later layer quietly reset what an earlier one chose.
    const given = Object.keys((layer as { sync?: object } | undefined)?.sync ?? {});
    const chosen = Object.entries(sync ?? {}).filter(([key]) => given.includes(key));
    merged.sync = { ...merged.sync, ...Object.fromEntries(chosen) };
  }
  // Every layer passed on its own; this only fills in the defaults.
  const sync = syncTuningSchema.parse(merged.sync ?? {});
  const metrics = { pushIntervalSeconds: DEFAULT_PUSH_INTERVAL_SECONDS, ...merged.metrics };
  const problem = metricsProblem(metrics);
  if (problem) return fail({ code: 'invalid_config', ...problem });
  return ok({
    baseUrl: merged.baseUrl,
    apiKey: merged.apiKey,
    shopId: merged.shopId,
    sync,
    metrics,
  });
}

/** The fields a layer sets: undefined is "not said here", never a value. */
export function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
