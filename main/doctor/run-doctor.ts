// `tillsync doctor`'s checks, in the order a person would look: configuration, platform,
// disk, database, the queue, then the receipt printer.
import { syncTuningSchema, type AgentConfig } from '../config/agent-config.js';
import type { TillStore } from '../config/till-store.js';
import type { IntegrityProgress } from '../../db/integrity.js';
import { readStoreStatus } from '../sync/status.js';
import type { Check } from './check.js';
import { checkConfig } from './config-check.js';
import { checkDatabase, checkDiskSpace } from './database-check.js';
import { checkPlatform } from './platform-check.js';
import { checkQueue } from './queue-check.js';
import { checkPrinter } from './printer-check.js';

export async function runDoctor(
  /** The data folder: configuration, keys, running markers and log. */
  dataDir: string,
  /** The till's mode and store, as every process on the data folder finds them. */
  till: TillStore,
  loaded: { config: AgentConfig } | { error: string },
  onDatabaseProgress?: (progress: IntegrityProgress) => void,
  now = Date.now(),
): Promise<Check[]> {
  // With a broken configuration the queue is still worth seeing, with default timings.
  const config = 'config' in loaded ? loaded.config : { sync: syncTuningSchema.parse({}) };
  const disk = checkDiskSpace(dataDir);
  const database = await checkDatabase(till, onDatabaseProgress);
  try {
    // Read once, as `tillsync status` reads it: the key and the link mean the same here.
    const status = database.store && readStoreStatus(database.store, config, { now, dataDir });
    const checks = checkConfig(dataDir, till.mode, loaded, now, status?.apiKey);
    if ('config' in loaded && till.mode === 'platform')
      checks.push(...(await checkPlatform(loaded.config)));
    checks.push(disk, ...database.checks);
    if (database.store && status)
      checks.push(
        ...checkQueue(dataDir, { store: database.store, folder: till.folder }, status, config, now),
      );
    if (database.store) checks.push(...(await checkPrinter(database.store, dataDir)));
    return checks;
  } finally {
    database.store?.close();
  }
}
