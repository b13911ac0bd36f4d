// A data folder set up for a platform as the Settings screen leaves it: the address in
// config.json, the key in the console's key file. Every process then finds the till in
// platform mode, with its store at <data>/tillsync.db; without this, a till is in sandbox
// mode and its store is <data>/sandbox/tillsync.db.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { runCli } from './cli.js';
import { tempDir } from './temp-dir.js';
import { savePlatformSettings } from '../../main/config/platform-settings.js';
import { fileSecretStore } from '../../main/config/secret-store.js';

/** An address where nothing answers: for tills whose commands never reach the platform. */
export const NO_PLATFORM_HERE = 'http://127.0.0.1:9';

export async function configurePlatform(
  dataDir: string,
  baseUrl = NO_PLATFORM_HERE,
  key = 'test-key',
): Promise<string> {
  savePlatformSettings(dataDir, { baseUrl });
  await fileSecretStore(dataDir).write(key);
  return join(dataDir, 'tillsync.db');
}

/** Where a till with nothing configured keeps its sales. */
export const sandboxStoreOf = (dataDir: string) => join(dataDir, 'sandbox', 'tillsync.db');

/**
 * A till in platform mode where nothing answers, driven as a shop's scripts drive it: the
 * `tillsync` command as a child process on its data folder, and SQL run on its file (the
 * test's hand, or a look at what was written).
 */
export async function cliTill() {
  const dataDir = tempDir();
  const file = await configurePlatform(dataDir);
  const tillsync = (args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) =>
    runCli(args, { input: options.input, env: { TILLSYNC_DATA_DIR: dataDir, ...options.env } });
  const sql = <T>(statement: string, ...params: unknown[]): T[] => {
    const db = new Database(file);
    try {
      const prepared = db.prepare(statement);
      return prepared.reader ? (prepared.all(...params) as T[]) : (prepared.run(...params), []);
    } finally {
      db.close();
    }
  };
  return { dataDir, file, tillsync, sql };
}
