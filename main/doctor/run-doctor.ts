// `tillsync doctor`'s checks, in the order a person would look: configuration, platform,
// disk, database, then the queue.
import { syncTuningSchema, type AgentConfig } from '../config/agent-config.js';
import type { TillStore } from '../config/till-store.js';
import type { IntegrityProgress } from '../../db/integrity.js';
import type { Check } from './check.js';
import { checkConfig } from './config-check.js';
import { checkDatabase, checkDiskSpace } from './database-check.js';
import { checkPlatform } from './platform-check.js';
import { checkQueue } from './queue-check.js';

export async function runDoctor(
  /** The data folder: configuration, keys, running markers and log. */
  dataDir: string,
  /** The till's mode and store, as every process on the data folder finds them. */
  till: TillStore,
  loaded: { config: AgentConfig } | { error: string },
  onDatabaseProgress?: (progress: IntegrityProgress) => void,
): Promise<Check[]> {
  const checks = checkConfig(dataDir, till.mode, loaded);
  if ('config' in loaded && till.mode === 'platform')
    checks.push(...(await checkPlatform(loaded.config)));
  checks.push(checkDiskSpace(dataDir));
  const database = await checkDatabase(till, onDatabaseProgress);
  checks.push(...database.checks);
  if (database.store) {
    // With a broken configuration the queue is still worth seeing, with default timings.
    const config = 'config' in loaded ? loaded.config : { sync: syncTuningSchema.parse({}) };
    try {
      checks.push(...checkQueue(dataDir, { store: database.store, folder: till.folder }, config));
    } finally {
      database.store.close();
    }
  }
  return checks;
}
