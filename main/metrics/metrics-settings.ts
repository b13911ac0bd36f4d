// Where a till's metrics go, all opt-in: a Prometheus endpoint to scrape (loopback unless a
// bearer token guards it), and pushes for tills behind NAT (OTLP over HTTP, a Pushgateway).
// Set in config.json ("metrics"), the environment (TILLSYNC_METRICS_*, TILLSYNC_OTLP_*,
// TILLSYNC_PUSHGATEWAY_URL) or the daemon's flags; the strongest layer wins per field.
import { z } from 'zod';
import { isLoopbackHost, platformUrlSchema } from '../../domain/platform-url.js';
import { fieldSays, said } from '../../domain/i18n/said.js';
import type { Said } from '../../domain/result.js';

/** HOST:PORT, or a port alone: on loopback. */
const hostPort = z
  .string()
  .transform((value) => (/^\d+$/.test(value) ? `127.0.0.1:${value}` : value))
  .pipe(
    z
      .string()
      .regex(/^(\[[0-9a-fA-F:.]+\]|[\w.-]+):\d{1,5}$/, fieldSays('errors.metrics.hostPort')),
  )
  .refine((value) => Number(value.slice(value.lastIndexOf(':') + 1)) <= 65_535, {
    error: fieldSays('errors.metrics.portRange'),
  });

/** `name=value,name=value` (as OTEL_EXPORTER_OTLP_HEADERS), values percent-encoded. */
const headerList = z
  .string()
  .regex(/^\s*[\w-]+\s*=[^,]*(,\s*[\w-]+\s*=[^,]*)*$/, fieldSays('errors.metrics.headerList'));

export const metricsLayerSchema = z.strictObject({
  /** HOST:PORT of the Prometheus endpoint (/metrics). */
  listen: hostPort.optional(),
  /** The bearer token Prometheus must send; required off loopback. */
  token: z.string().min(16, fieldSays('errors.metrics.tokenLength')).optional(),
  /** An OTLP/HTTP collector: its base address (/v1/metrics is added) or the metrics URL. */
  otlpEndpoint: platformUrlSchema.optional(),
  otlpHeaders: headerList.optional(),
  /** A Prometheus Pushgateway's base address. */
  pushgatewayUrl: platformUrlSchema.optional(),
  /** Seconds between pushes. */
  pushIntervalSeconds: z.number().int().min(5).max(3600).optional(),
});

export type MetricsLayer = z.output<typeof metricsLayerSchema>;

export interface MetricsSettings extends MetricsLayer {
  pushIntervalSeconds: number;
}

export const DEFAULT_PUSH_INTERVAL_SECONDS = 60;

/** The environment variable of each metrics setting. */
export const METRICS_ENV = {
  listen: 'TILLSYNC_METRICS_LISTEN',
  token: 'TILLSYNC_METRICS_TOKEN',
  otlpEndpoint: 'TILLSYNC_OTLP_ENDPOINT',
  otlpHeaders: 'TILLSYNC_OTLP_HEADERS',
  pushgatewayUrl: 'TILLSYNC_PUSHGATEWAY_URL',
  pushIntervalSeconds: 'TILLSYNC_METRICS_INTERVAL',
} satisfies Record<keyof MetricsLayer, string>;

/** The environment's metrics settings, by their variable names. */
export function metricsFromEnv(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const layer: Record<string, unknown> = {};
  for (const [field, variable] of Object.entries(METRICS_ENV)) {
    const value = env[variable];
    if (value) layer[field] = field === 'pushIntervalSeconds' ? Number(value) : value;
  }
  return layer;
}

const hostOf = (listen: string) => listen.slice(0, listen.lastIndexOf(':')).replace(/^0+$/, '');

/**
 * What is wrong with the settings taken together, in words, or undefined. An endpoint other
 * machines can reach needs a token: without one, anyone on the network reads the till.
 */
export function metricsProblem(settings: MetricsLayer): { message: string; say: Said } | undefined {
  if (settings.listen && !settings.token && !isLoopbackHost(hostOf(settings.listen)))
    return said('errors.metrics.openToNetwork', { listen: settings.listen });
  return undefined;
}

/** `a=b,c=d%20e` as headers. */
export function parseHeaders(list: string | undefined): Record<string, string> {
  if (!list) return {};
  return Object.fromEntries(
    list.split(',').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), decodeURIComponent(pair.slice(at + 1).trim())];
    }),
  );
}

/** Whether any way out is set: otherwise nothing about metrics runs at all. */
export const metricsWanted = (settings: MetricsLayer) =>
  Boolean(settings.listen || settings.otlpEndpoint || settings.pushgatewayUrl);
