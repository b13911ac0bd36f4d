// The till's metrics running: one set of instruments, and each way out the settings ask
// for (a Prometheus endpoint to scrape; pushes over OTLP/HTTP or to a Pushgateway). Nothing
// runs when none is set. Used by the daemon and the desktop app alike (main/agent/runtime).
import { ExportResultCode } from '@opentelemetry/core';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { MetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import type { Logger } from '../log/log-port.js';
import type { Timers } from '../sync/clock.js';
import { parseHeaders, metricsWanted, type MetricsSettings } from './metrics-settings.js';
import { startPullEndpoint, type PullEndpoint } from './pull-endpoint.js';
import { startPushLoop } from './push-loop.js';
import { createTillMetrics, type MetricSources } from './till-metrics.js';

/** A reader collected on demand, for the pushes. */
class CollectingReader extends MetricReader {
  async read(): Promise<ResourceMetrics> {
    const { resourceMetrics, errors } = await this.collect();
    if (errors.length > 0) throw errors[0];
    return resourceMetrics;
  }
  protected onShutdown = async () => {};
  protected onForceFlush = async () => {};
}

/** The collector's metrics address: its base address gets the standard path. */
export const otlpMetricsUrl = (endpoint: string) =>
  new URL(endpoint).pathname.replace(/\/+$/, '') === '' ? `${endpoint}/v1/metrics` : endpoint;

/** Where this till's group lives on a Pushgateway: one group per till, by its stable id. */
export const pushgatewayGroupUrl = (base: string, tillId: string) =>
  `${base}/metrics/job/tillsync/till_id/${encodeURIComponent(tillId)}`;

export interface MetricsOptions {
  settings: MetricsSettings;
  sources: MetricSources;
  timers: Timers;
  logger?: Logger;
}

export async function startMetrics(options: MetricsOptions) {
  const { settings, sources, timers, logger } = options;
  if (!metricsWanted(settings)) return undefined;
  const pull = settings.listen ? new PrometheusExporter({ preventServerStart: true }) : undefined;
  const pushing = settings.otlpEndpoint || settings.pushgatewayUrl;
  const collector = pushing ? new CollectingReader() : undefined;
  const metrics = createTillMetrics(
    sources,
    [pull, collector].filter((reader) => reader !== undefined),
  );

  let endpoint: PullEndpoint | undefined;
  if (pull && settings.listen) {
    endpoint = await startPullEndpoint(settings.listen, settings.token, pull);
    logger?.info({ url: endpoint.url }, 'Metrics are served for Prometheus');
  }

  const intervalMs = settings.pushIntervalSeconds * 1000;
  const loops: Array<ReturnType<typeof startPushLoop>> = [];
  const otlp = settings.otlpEndpoint
    ? new OTLPMetricExporter({
        url: otlpMetricsUrl(settings.otlpEndpoint),
        headers: parseHeaders(settings.otlpHeaders),
        timeoutMillis: Math.min(10_000, intervalMs),
      })
    : undefined;
  if (otlp && collector) {
    const push = async () => {
      const data = await collector.read();
      await new Promise<void>((resolve, reject) =>
        otlp.export(data, (result) =>
          result.code === ExportResultCode.SUCCESS
            ? resolve()
            : reject(result.error ?? new Error('OTLP export failed')),
        ),
      );
    };
    loops.push(startPushLoop({ name: 'the OTLP collector', push, intervalMs, timers, logger }));
  }
  if (settings.pushgatewayUrl && collector) {
    // The group's labels (job, till_id) are in the address; no target_info to clash with them.
    const serializer = new PrometheusSerializer(undefined, false, undefined, true, true);
    const url = pushgatewayGroupUrl(settings.pushgatewayUrl, sources.tillId);
    const push = async (signal: AbortSignal) => {
      const text = serializer.serialize(await collector.read());
      const response = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' },
        body: text,
        signal,
      });
      if (!response.ok) throw new Error(`the Pushgateway answered ${response.status}`);
    };
    loops.push(startPushLoop({ name: 'the Pushgateway', push, intervalMs, timers, logger }));
  }

  return {
    /** The Prometheus endpoint's address, when there is one. */
    url: endpoint?.url,
    attempt: metrics.attempt,
    queueWait: metrics.queueWait,
    pass: metrics.pass,
    /** Pushes the last figures, closes the endpoint, ends the instruments. */
    async stop(): Promise<void> {
      await Promise.all(loops.map((loop) => loop.stop()));
      await endpoint?.close();
      await otlp?.shutdown();
      await metrics.shutdown();
    },
  };
}

export type RunningMetrics = NonNullable<Awaited<ReturnType<typeof startMetrics>>>;
