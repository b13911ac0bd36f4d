// Writes the settings the app can change (platform address, concurrency, where metrics go)
// into config.json in the data folder, keeping whatever else the file holds. Atomic: a
// crash leaves the old file or the new one, never half of one.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE } from './agent-config.js';

export interface PlatformSettings {
  baseUrl?: string | null;
  concurrency?: number;
  /** Metrics settings to set; a null value removes the setting. */
  metrics?: Record<string, string | number | null>;
}

export function savePlatformSettings(dataDir: string, change: PlatformSettings): void {
  const file = join(dataDir, CONFIG_FILE);
  const current = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    : {};
  const next: Record<string, unknown> = { ...current };
  if (change.baseUrl !== undefined) {
    if (change.baseUrl === null) delete next.baseUrl;
    else next.baseUrl = change.baseUrl;
  }
  if (change.concurrency !== undefined) {
    next.sync = {
      ...(current.sync ?? {}),
      concurrency: change.concurrency,
    };
  }
  if (change.metrics) {
    const metrics: Record<string, unknown> = { ...(current.metrics ?? {}), ...change.metrics };
    for (const [key, value] of Object.entries(metrics)) if (value === null) delete metrics[key];
    next.metrics = metrics;
  }
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(next, null, 2) + '\n');
  renameSync(temporary, file);
}
