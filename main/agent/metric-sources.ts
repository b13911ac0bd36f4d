// What the metrics read from a running agent: whichever engine, store and settings are
// current (a reload may have rebuilt them), the till's own data folder for its id.
import type { Store } from '../../db/store.js';
import type { AgentConfig } from '../config/agent-config.js';
import { appVersion } from '../config/package-info.js';
import { latestBackup } from '../housekeeping/daily-backups.js';
import type { Logger } from '../log/log-port.js';
import type { Clock } from '../sync/clock.js';
import type { RunningAgent } from './run-agent.js';
import { messageOf } from '../../domain/errors.js';
import { tillId } from '../metrics/till-id.js';
import type { MetricSources } from '../metrics/till-metrics.js';

export interface CurrentAgent {
  agent: RunningAgent;
  store: Store;
  config: AgentConfig;
}

export function runtimeMetricSources(
  current: () => CurrentAgent,
  dataDir: string,
  clock: Clock,
  logger?: Logger,
): MetricSources {
  return {
    status: () => current().agent.engine.status(),
    identity() {
      const { store, config } = current();
      const settings = store.settings.read();
      return { tillName: settings.tillName, shopId: config.shopId ?? settings.shopId };
    },
    tillId: tillId(dataDir),
    get dataDir() {
      return current().agent.dataDir;
    },
    databaseFile: () => current().agent.databaseFile,
    lastBackupAt: () => latestBackup(current().agent.dataDir)?.at ?? null,
    version: appVersion,
    now: clock.now,
    onError: (error) =>
      logger?.warn({ error: messageOf(error) }, 'Reading the figures for monitoring failed'),
  };
}
