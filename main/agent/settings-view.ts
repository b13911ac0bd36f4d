// The settings screen's view: the till's settings and rules, its backups, the platform's
// settings (and which the environment fixes), what is known of the key, where the data is,
// the monitoring and the desktop app's own settings.
import { join } from 'node:path';
import { systemTimeZone, tillTimeZone } from '../../db/till-time-zone.js';
import { currencyDecimals } from '../../domain/money.js';
import { describeApiKey } from '../config/api-key-info.js';
import { SANDBOX_FOLDER } from '../config/till-store.js';
import type { MethodOutput } from '../contract/contract.js';
import { backupFolder, latestBackup } from '../housekeeping/daily-backups.js';
import { SALE_LIMITS } from './counter-handlers.js';
import { monitoringView } from './monitoring-settings.js';
import type { Runtime } from './runtime.js';
import type { DesktopHooks } from './service.js';

const WEEK_MS = 7 * 86_400_000;

export async function readSettingsView(
  runtime: Runtime,
  desktop?: DesktopHooks,
): Promise<MethodOutput<'getSettings'>> {
  const till = runtime.store.settings.read();
  const locked = runtime.locked();
  const key = describeApiKey(runtime.config.apiKey);
  const stored = await runtime.secrets.read();
  const storage = locked.apiKey
    ? 'environment'
    : stored
      ? runtime.secrets.kind
      : key.set
        ? 'file'
        : 'none';
  return {
    till: {
      ...till,
      currencyDecimals: currencyDecimals(till.currency),
      limits: SALE_LIMITS,
      effectiveTimeZone: tillTimeZone(till),
      systemTimeZone: systemTimeZone(),
    },
    backups: {
      folder: backupFolder(runtime.agent.dataDir),
      latest: latestBackup(runtime.agent.dataDir),
    },

    platform: {
      baseUrl: runtime.config.baseUrl ?? null,
      concurrency: runtime.config.sync.concurrency,
      locked,
    },
    apiKey: {
      ...key,
      expiresSoon: key.expiresAt !== undefined && key.expiresAt - Date.now() < WEEK_MS,
      storage,
    },
    mode: runtime.status().mode,
    data: { folder: runtime.dataDir, sandboxFolder: join(runtime.dataDir, SANDBOX_FOLDER) },
    monitoring: monitoringView(runtime),
    desktop: desktop ? { startAtLogin: desktop.getStartAtLogin() } : null,
  };
}
