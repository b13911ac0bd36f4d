// The figures a till reports to monitoring: the ones `tillsync status` shows and nothing
// more private (never the key, a sale's contents, product or customer ids). One gauge per
// figure, read from the same status object every screen and command reads.
import { existsSync, statfsSync, statSync } from 'node:fs';
import { linkAt, ONLINE_WINDOW_MS } from '../../domain/link.js';
import { waitingOf, type SyncStatus } from '../../domain/sync-status.js';
import type { ProcessFigures } from './process-figures.js';

export interface GaugeSpec {
  name: string;
  help: string;
}

/** Every gauge, with what it means for the person reading a dashboard. */
export const GAUGES = {
  waiting: {
    name: 'tillsync_sales_waiting',
    help: 'Sales not yet on the platform (pending and being sent).',
  },
  sending: { name: 'tillsync_sales_sending', help: 'Sales being sent right now.' },
  refused: {
    name: 'tillsync_sales_refused',
    help: 'Sales the platform refused, waiting for a person.',
  },
  uncertain: {
    name: 'tillsync_sales_uncertain',
    help: 'Sales sent without an answer that may be on the platform twice.',
  },
  stale: {
    name: 'tillsync_sales_stale',
    help: 'Sales waiting longer than the stale setting (a day by default).',
  },
  oldestWaitingAge: {
    name: 'tillsync_oldest_waiting_age_seconds',
    help: 'How long the oldest waiting sale has waited (0 when none waits).',
  },
  lastSuccess: {
    name: 'tillsync_last_success_timestamp_seconds',
    help: 'When a sale last reached the platform (Unix time).',
  },
  queuePaused: {
    name: 'tillsync_queue_paused',
    help: '1 while the platform refuses the API key: nothing is sent until it changes.',
  },
  throttled: {
    name: 'tillsync_throttled',
    help: '1 while the platform asked the whole queue to wait (429 or 503 with Retry-After).',
  },
  online: {
    name: 'tillsync_online',
    help: `1 while the status says online: the platform answered within ${ONLINE_WINDOW_MS / 1000} s and the key is not refused.`,
  },
  sender: {
    name: 'tillsync_sender',
    help: 'Who holds the sending lease: 1 for the holder named by the label.',
  },
  clockSkew: {
    name: 'tillsync_clock_skew_seconds',
    help: "Platform clock minus the till's, when more than five minutes apart (else 0).",
  },
  storageProblem: {
    name: 'tillsync_storage_problem',
    help: '1 while the sync engine cannot write to its database (disk full, read-only).',
  },
  databaseBytes: {
    name: 'tillsync_database_bytes',
    help: "Size of the till's database file and its write-ahead log.",
  },
  diskFreeBytes: {
    name: 'tillsync_disk_free_bytes',
    help: 'Free space on the disk of the data folder.',
  },
  diskFreeRatio: {
    name: 'tillsync_disk_free_ratio',
    help: 'Free space on the disk of the data folder, as a share of its size (0 to 1).',
  },
  lastBackup: {
    name: 'tillsync_last_backup_timestamp_seconds',
    help: 'When the newest daily backup was taken (Unix time).',
  },
  lastIntegrityCheck: {
    name: 'tillsync_last_integrity_check_timestamp_seconds',
    help: 'When the weekly integrity check last ran (Unix time).',
  },
  integrityProblem: {
    name: 'tillsync_integrity_problem',
    help: '1 when the last integrity check found the database damaged.',
  },
  info: {
    name: 'tillsync_info',
    help: 'Always 1: the version and the mode (platform or sandbox) as labels.',
  },
  heapUsed: {
    name: 'tillsync_process_heap_used_bytes',
    help: "The agent process's JavaScript heap in use: flat on a till that runs for weeks.",
  },
  eventLoopDelay: {
    name: 'tillsync_event_loop_delay_p99_seconds',
    help: "99th percentile of how late the agent's event loop ran since the previous read.",
  },
  reportedAt: {
    name: 'tillsync_report_timestamp_seconds',
    help: 'When these figures were read (Unix time): a till gone silent stops moving it.',
  },
} satisfies Record<string, GaugeSpec>;

export type GaugeKey = keyof typeof GAUGES;

/** Every counter: Prometheus shows each with `_total` after its name. */
export const COUNTERS = {
  attempts: {
    name: 'tillsync_attempts',
    help: 'Sends of sales by what came of them (outcome) and HTTP status class.',
  },
  rateLimited: { name: 'tillsync_rate_limited', help: 'Answers 429 Too Many Requests.' },
  throttledSeconds: {
    name: 'tillsync_throttled_seconds',
    help: 'Time the platform asked the whole queue to wait (Retry-After), in seconds.',
  },
  passes: {
    name: 'tillsync_sync_passes',
    help: 'Sync passes by result: ran, or why one did not (paused, offline, lease_held...).',
  },
} satisfies Record<string, GaugeSpec>;

/** Every metric name as Prometheus shows it: what rules and dashboards may use. */
export const EXPORTED_NAMES = [
  ...Object.values(GAUGES).map((spec) => spec.name),
  ...Object.values(COUNTERS).map((spec) => `${spec.name}_total`),
];

/** One reading: a value and, for a few gauges, their own labels. */
export interface Reading {
  gauge: GaugeKey;
  value: number;
  labels?: Record<string, string>;
}

const seconds = (ms: number) => ms / 1000;

/** The status's figures as readings: the same numbers `tillsync status` prints. */
export function statusReadings(status: SyncStatus, now: number): Reading[] {
  const { counts } = status;
  const readings: Reading[] = [
    { gauge: 'waiting', value: waitingOf(counts) },
    { gauge: 'sending', value: counts.sending },
    { gauge: 'refused', value: counts.refused },
    { gauge: 'uncertain', value: status.uncertain },
    { gauge: 'stale', value: status.stale },
    { gauge: 'oldestWaitingAge', value: seconds(status.oldestPendingAgeMs ?? 0) },
    { gauge: 'queuePaused', value: status.paused ? 1 : 0 },
    { gauge: 'throttled', value: (status.throttledUntil ?? 0) > now ? 1 : 0 },
    { gauge: 'online', value: linkAt(status, now) === 'online' ? 1 : 0 },
    { gauge: 'sender', value: 1, labels: { holder: status.sender.replace(' ', '_') } },
    { gauge: 'clockSkew', value: seconds(status.clockSkewMs ?? 0) },
    { gauge: 'storageProblem', value: status.storageProblem ? 1 : 0 },
    { gauge: 'integrityProblem', value: status.integrity.problem ? 1 : 0 },
    { gauge: 'info', value: 1, labels: { mode: status.mode } },
    { gauge: 'reportedAt', value: seconds(now) },
  ];
  if (status.lastSuccessAt !== null)
    readings.push({ gauge: 'lastSuccess', value: seconds(status.lastSuccessAt) });
  if (status.integrity.checkedAt !== null)
    readings.push({ gauge: 'lastIntegrityCheck', value: seconds(status.integrity.checkedAt) });
  return readings;
}

/** The process: its heap, and how late its event loop ran. */
export function processReadings(figures: ProcessFigures): Reading[] {
  return [
    { gauge: 'heapUsed', value: figures.heapUsedBytes },
    { gauge: 'eventLoopDelay', value: figures.eventLoopDelayP99Seconds },
  ];
}

/** The disk: the database's size, and the free space where it lives. */
export function diskReadings(dataDir: string, databaseFile: string): Reading[] {
  const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0);
  const readings: Reading[] = [
    { gauge: 'databaseBytes', value: sizeOf(databaseFile) + sizeOf(`${databaseFile}-wal`) },
  ];
  try {
    const disk = statfsSync(dataDir);
    readings.push(
      { gauge: 'diskFreeBytes', value: disk.bavail * disk.bsize },
      { gauge: 'diskFreeRatio', value: disk.blocks > 0 ? disk.bavail / disk.blocks : 0 },
    );
  } catch {
    // A folder that cannot be measured reports no disk figures rather than wrong ones.
  }
  return readings;
}
