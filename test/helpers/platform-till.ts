// A data folder set up for a platform as the Settings screen leaves it: the address in
// config.json, the key in the console's key file. Every process then finds the till in
// platform mode, with its store at <data>/tillsync.db; without this, a till is in sandbox
// mode and its store is <data>/sandbox/tillsync.db.
import { join } from 'node:path';
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
