// `tillsync doctor`'s checks, in the order a person would look: configuration, platform,
// disk, database, then the queue.
import { syncTuningSchema, type AgentConfig } from '../config/agent-config.js';
import type { IntegrityProgress } from '../../db/integrity.js';
import { readStoreStatus } from '../sync/status.js';
import type { Check } from './check.js';
import { checkConfig } from './config-check.js';
import { checkDatabase, checkDiskSpace } from './database-check.js';
import { checkPlatform } from './platform-check.js';
import { checkQueue } from './queue-check.js';

export async function runDoctor(
  dataDir: string,
  loaded: { config: AgentConfig } | { error: string },
  onDatabaseProgress?: (progress: IntegrityProgress) => void,
  now = Date.now(),
): Promise<Check[]> {
  // With a broken configuration the queue is still worth seeing, with default timings.
  const config = 'config' in loaded ? loaded.config : { sync: syncTuningSchema.parse({}) };
  const disk = checkDiskSpace(dataDir);
  const database = await checkDatabase(dataDir, onDatabaseProgress);
  try {
    // Read once, as `tillsync status` reads it: the key and the link mean the same here.
    const status = database.store && readStoreStatus(database.store, config, { now, dataDir });
    const checks = checkConfig(dataDir, loaded, now, status?.apiKey);
    if ('config' in loaded) checks.push(...(await checkPlatform(loaded.config)));
    checks.push(disk, ...database.checks);
    if (database.store && status)
      checks.push(...checkQueue(dataDir, database.store, status, config, now));
    return checks;
  } finally {
    database.store?.close();
  }
}
