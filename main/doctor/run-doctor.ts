// `tillsync doctor`'s checks, in the order a person would look: configuration, platform,
// disk, database, then the queue.
import { syncTuningSchema, type AgentConfig } from '../config/agent-config.js';
import type { IntegrityProgress } from '../../db/integrity.js';
import type { Check } from './check.js';
import { checkConfig } from './config-check.js';
import { checkDatabase, checkDiskSpace } from './database-check.js';
import { checkPlatform } from './platform-check.js';
import { checkQueue } from './queue-check.js';

export async function runDoctor(
  dataDir: string,
  loaded: { config: AgentConfig } | { error: string },
  onDatabaseProgress?: (progress: IntegrityProgress) => void,
): Promise<Check[]> {
  const checks = checkConfig(dataDir, loaded);
  if ('config' in loaded) checks.push(...(await checkPlatform(loaded.config)));
  checks.push(checkDiskSpace(dataDir));
  const database = await checkDatabase(dataDir, onDatabaseProgress);
  checks.push(...database.checks);
  if (database.store) {
    // With a broken configuration the queue is still worth seeing, with default timings.
    const config = 'config' in loaded ? loaded.config : { sync: syncTuningSchema.parse({}) };
    try {
      checks.push(...checkQueue(dataDir, database.store, config));
    } finally {
      database.store.close();
    }
  }
  return checks;
}
