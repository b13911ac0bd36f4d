// A till's metrics through the OpenTelemetry metrics API: gauges read from the sync status
// (the same object `tillsync status` prints) at each collection, counters of the sends as
// they happen. Every point carries the till's labels: its stable id, its name, its shop.
import type { MetricAttributes, ObservableGauge } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, type MetricReader } from '@opentelemetry/sdk-metrics';
import type { SyncStatus } from '../../domain/sync-status.js';
import type { AttemptEvent } from '../sync/engine-options.js';
import type { DrainSummary } from '../../domain/sync-status.js';
import {
  COUNTERS,
  diskReadings,
  GAUGES,
  processReadings,
  statusReadings,
  type GaugeKey,
  type GaugeSpec,
  type Reading,
} from './till-figures.js';
import { startProcessFigures } from './process-figures.js';

export interface MetricSources {
  /** The sync status now. */
  status(): SyncStatus;
  /** The till's name and shop as its settings say now. */
  identity(): { tillName: string; shopId: string | null };
  tillId: string;
  /** The till's data folder (its disk) and its database file. */
  dataDir: string;
  databaseFile(): string;
  /** The newest daily backup's time, if any. */
  lastBackupAt(): number | null;
  version: string;
  /** Wall-clock time, for the timestamps a person reads on a dashboard. */
  now(): number;
  onError?(error: unknown): void;
}

/** `2xx`...`5xx`, or `none` for a send that got no answer. */
const statusClass = (status: number | null) =>
  status === null ? 'none' : `${Math.floor(status / 100)}xx`;

export function createTillMetrics(sources: MetricSources, readers: MetricReader[]) {
  const provider = new MeterProvider({
    resource: resourceFromAttributes({
      'service.name': 'tillsync',
      'service.version': sources.version,
      'service.instance.id': sources.tillId,
    }),
    readers,
  });
  const meter = provider.getMeter('tillsync', sources.version);

  const labels = (): MetricAttributes => {
    const { tillName, shopId } = sources.identity();
    return { till_id: sources.tillId, till_name: tillName, shop_id: shopId ?? '' };
  };
  const processFigures = startProcessFigures();
  // Read again at each collection: a send is counted without reading the settings.
  let current = labels();

  const gauges = new Map<GaugeKey, ObservableGauge>();
  for (const [key, spec] of Object.entries(GAUGES) as Array<[GaugeKey, GaugeSpec]>)
    gauges.set(key, meter.createObservableGauge(spec.name, { description: spec.help }));

  /** Every gauge at once, from one read of the status. */
  function readings(): Reading[] {
    const now = sources.now();
    const all = [
      ...statusReadings(sources.status(), now),
      ...diskReadings(sources.dataDir, sources.databaseFile()),
      ...processReadings(processFigures.read()),
    ];
    const backupAt = sources.lastBackupAt();
    if (backupAt !== null) all.push({ gauge: 'lastBackup', value: backupAt / 1000 });
    return all;
  }

  meter.addBatchObservableCallback(
    (result) => {
      try {
        const base = (current = labels());
        for (const reading of readings()) {
          const extra = reading.gauge === 'info' ? { version: sources.version } : {};
          result.observe(gauges.get(reading.gauge)!, reading.value, {
            ...base,
            ...extra,
            ...reading.labels,
          });
        }
      } catch (error) {
        // A status that cannot be read (a database gone) reports nothing, not wrong figures.
        sources.onError?.(error);
      }
    },
    [...gauges.values()],
  );

  const counter = (spec: GaugeSpec) => meter.createCounter(spec.name, { description: spec.help });
  const attempts = counter(COUNTERS.attempts);
  const rateLimited = counter(COUNTERS.rateLimited);
  const throttledSeconds = counter(COUNTERS.throttledSeconds);
  const passes = counter(COUNTERS.passes);

  return {
    provider,
    /** A send and its outcome. */
    attempt: ({ outcome, httpStatus }: AttemptEvent): void => {
      attempts.add(1, { ...current, outcome, status_class: statusClass(httpStatus) });
      if (httpStatus === 429) rateLimited.add(1, current);
    },
    /** The platform asked the queue to wait this long. */
    queueWait: (ms: number): void => {
      throttledSeconds.add(ms / 1000, current);
    },
    /** A sync pass ended; a till whose passes never run is stuck, whatever it says. */
    pass: ({ skipped }: DrainSummary): void => {
      passes.add(1, { ...current, result: skipped ?? 'ran' });
    },
    shutdown: () => {
      processFigures.stop();
      return provider.shutdown();
    },
  };
}

export type TillMetrics = ReturnType<typeof createTillMetrics>;
