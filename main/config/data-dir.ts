// Where the till keeps its data. The default is the same per-user folder Electron gives the
// desktop app (app.getPath('userData') for the product name "Tillsync"), so the app window
// and a headless daemon on the same machine share one database.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const PRODUCT_NAME = 'Tillsync';
export const DATABASE_FILE = 'tillsync.db';

export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') {
    return join(env.APPDATA || join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  }
  if (platform === 'darwin') {
    return join(home, 'Library', 'Application Support', PRODUCT_NAME);
  }
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), PRODUCT_NAME);
}

/** The data folder: the --data-dir flag, else TILLSYNC_DATA_DIR, else the default. */
export function resolveDataDir(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = flag?.trim() || env.TILLSYNC_DATA_DIR?.trim();
  return chosen ? resolve(chosen) : defaultDataDir(process.platform, env);
}

export const databaseFile = (dataDir: string) => join(dataDir, DATABASE_FILE);
