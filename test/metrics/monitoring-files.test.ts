// The alerting rules and the dashboard shipped in packaging/monitoring/ use only the
// metrics Tillsync exports, and every metric it declares is exported: names are written
// once (main/metrics/till-figures.ts). The rules are checked and unit-tested by promtool.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { describe, expect, it } from 'vitest';
import { EXPORTED_NAMES } from '../../main/metrics/till-figures.js';
import { createTillMetrics } from '../../main/metrics/till-metrics.js';
import { emptySummary } from '../../main/sync/drain-summary.js';
import type { SyncStatus } from '../../domain/sync-status.js';
import { repoRoot } from '../helpers/cli.js';
import { monitoringMissing } from '../helpers/prometheus.js';
import { tempDir } from '../helpers/temp-dir.js';

const status: SyncStatus = {
  mode: 'platform',
  baseUrl: 'https://api.example.com',
  apiKey: { set: true, kind: 'opaque' },
  link: 'online',
  paused: null,
  counts: { pending: 3, sending: 1, synced: 10, refused: 2, discarded: 0, voided: 0 },
  stale: 0,
  uncertain: 1,
  keysHonoured: false,
  oldestPendingAgeMs: 5000,
  lastSuccessAt: null,
  lastContactAt: 1_800_000_000_000,
  nextAttemptAt: null,
  throttledUntil: null,
  lastError: null,
  clockSkewMs: null,
  clockStep: null,
  storageProblem: null,
  integrity: { checkedAt: null, problem: null },
  sender: 'this process',
  shift: null,
};

const folder = join(repoRoot, 'packaging', 'monitoring');
const read = (file: string) => readFileSync(join(folder, file), 'utf8');
const namesIn = (text: string) => new Set(text.match(/\btillsync_[a-z_]+\b/g) ?? []);

describe('the monitoring files shipped', () => {
  it('every metric Tillsync declares is exported, and nothing else', async () => {
    const reader = new PrometheusExporter({ preventServerStart: true });
    const metrics = createTillMetrics(
      {
        status: () => status,
        identity: () => ({ tillName: 'Till 1', shopId: 'shop_a' }),
        tillId: '00000000-0000-4000-8000-000000000000',
        dataDir: tempDir(),
        databaseFile: () => join(tempDir(), 'tillsync.db'),
        lastBackupAt: () => 1_800_000_000_000,
        version: '1.2.3',
        now: () => 1_800_000_000_000,
      },
      [reader],
    );
    metrics.attempt({ outcome: 'synced', httpStatus: 201 });
    metrics.attempt({ outcome: 'retry', httpStatus: 429 });
    metrics.queueWait(30_000);
    metrics.pass(emptySummary('lease_held'));
    const { resourceMetrics } = await reader.collect();
    const text = new PrometheusSerializer().serialize(resourceMetrics);
    const exported = new Set(
      [...text.matchAll(/^# TYPE (tillsync_\w+)/gm)].map((match) => match[1]!),
    );
    // The counters' names as Prometheus reads them: _total after the counter's name.
    const served = [...exported].map((name) =>
      text.includes(`# TYPE ${name} counter`) && !name.endsWith('_total') ? `${name}_total` : name,
    );
    const shownOnlyOnceKnown = [
      'tillsync_last_success_timestamp_seconds',
      'tillsync_last_integrity_check_timestamp_seconds',
    ];
    expect(served.sort()).toEqual(
      EXPORTED_NAMES.filter((name) => !shownOnlyOnceKnown.includes(name)).sort(),
    );
    expect(text).toMatch(/tillsync_attempts_total\{[^}]*outcome="retry"[^}]*status_class="4xx"/);
    expect(text).toMatch(/tillsync_throttled_seconds_total\{[^}]*\} 30/);
    expect(text).toMatch(/tillsync_sync_passes_total\{[^}]*result="lease_held"[^}]*\} 1/);
    await metrics.shutdown();
  });

  it('the alerting rules use only exported metrics', () => {
    const used = namesIn(read('tillsync-alerts.yml'));
    expect(used.size).toBeGreaterThan(5);
    for (const name of used) expect(EXPORTED_NAMES).toContain(name);
  });

  it('the dashboard has a row per till and uses only exported metrics', () => {
    const dashboard = JSON.parse(read('tillsync-dashboard.json')) as {
      panels: Array<{ type: string; repeat?: string; targets?: Array<{ expr: string }> }>;
    };
    const rows = dashboard.panels.filter((panel) => panel.type === 'row');
    expect(rows.map((row) => row.repeat)).toEqual(['till']);
    const expressions = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((t) => t.expr);
    expect(expressions.length).toBeGreaterThan(10);
    for (const expression of expressions) {
      expect(expression).toContain('till_id="$till"');
      for (const name of namesIn(expression)) expect(EXPORTED_NAMES).toContain(name);
    }
  });

  it.skipIf(monitoringMissing())('promtool checks the rules and passes their unit tests', () => {
    const promtool = (...args: string[]) =>
      spawnSync('promtool', args, { cwd: folder, encoding: 'utf8' });
    const check = promtool('check', 'rules', 'tillsync-alerts.yml');
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toMatch(/SUCCESS: 7 rules found/);
    const tests = promtool('test', 'rules', 'tillsync-alerts.test.yml');
    expect(tests.status, tests.stdout + tests.stderr).toBe(0);
  });
});
