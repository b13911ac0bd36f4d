// The engine's own connection keeps a small page cache: better-sqlite3's 16,000 KiB per
// connection, filled page by page during a catch-up, was 12 MB of the engine's peak memory
// on a 100,000-sale backlog (bench:sync:memory). The store's connection is left as it was.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheKibOf, openDatabase, STREAMING_CACHE_KIB } from '../../db/open.js';
import { engineDatabase } from '../../main/sync/engine-connection.js';
import { syncTuningSchema } from '../../main/config/agent-config.js';
import { tempDir } from '../helpers/temp-dir.js';

const logger = { info() {}, warn() {}, error() {} };
const config = { baseUrl: 'http://127.0.0.1:9', apiKey: 'k', sync: syncTuningSchema.parse({}) };

describe("the sync engine's connection", () => {
  it('caps its page cache at the streaming size, where the store keeps the larger default', async () => {
    const file = join(tempDir(), 'tillsync.db');
    const store = openDatabase(file);
    const engine = engineDatabase({ file, config }, logger);
    try {
      expect(cacheKibOf(engine.database)).toBe(STREAMING_CACHE_KIB);
      expect(cacheKibOf(store)).toBeGreaterThan(STREAMING_CACHE_KIB);
    } finally {
      await engine.close();
      store.close();
    }
  });

  it('leaves a connection it is given as it was (the simulation owns that one)', async () => {
    const file = join(tempDir(), 'tillsync.db');
    const given = openDatabase(file);
    const before = cacheKibOf(given);
    const engine = engineDatabase({ file, config, database: given }, logger);
    expect(cacheKibOf(engine.database)).toBe(before);
    await engine.close();
  });
});
