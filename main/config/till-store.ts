// Which mode a till is in and which database is its store: the one answer the app, the
// console, the daemon and every command take, so two processes on one data folder never
// read different files. Platform mode when a platform address is set and an API key is
// there (from any source); sandbox mode otherwise, with the till's data kept apart in
// <data>/sandbox/ so demo sales never mix with real ones.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentConfig } from './agent-config.js';
import { databaseFile } from './data-dir.js';
import { ENCRYPTED_KEY_FILE, readKeyFile } from './secret-store.js';
import type { SendingMode } from '../../domain/sync-status.js';

export const SANDBOX_FOLDER = 'sandbox';
/** The embedded sandbox's own database (its sales, keys and catalog). */
export const SANDBOX_DATABASE_FILE = 'sandbox.db';

export type TillMode = SendingMode;

/**
 * When a process uses the embedded sandbox: while no platform is configured (the app,
 * `start` and every command), never (`daemon`, which refuses to run without a platform),
 * or always (`daemon --sandbox`, the one process that may differ from the commands).
 */
export type SandboxChoice = 'never' | 'when-unconfigured' | 'always';

export interface TillStore {
  mode: TillMode;
  /** Where this mode keeps its till data: the database, its backups and archives. */
  folder: string;
  databaseFile: string;
}

/**
 * Where the API key is: readable by this process (config.json, the environment, a flag,
 * the console's key file), kept only by the desktop app (encrypted by the OS: its presence
 * counts, though nothing but the app can read it), or nowhere.
 */
export type KeyPresence = 'readable' | 'app-only' | 'none';

const nonEmptyFile = (file: string) => existsSync(file) && statSync(file).size > 0;

export function apiKeyPresence(dataDir: string, config: Pick<AgentConfig, 'apiKey'>): KeyPresence {
  // The console's key file counts even for a process that did not load it (the desktop
  // app reads its own encrypted one): every process must see the same keys.
  if (config.apiKey || readKeyFile(dataDir)) return 'readable';
  return nonEmptyFile(join(dataDir, ENCRYPTED_KEY_FILE)) ? 'app-only' : 'none';
}

export function tillMode(
  dataDir: string,
  config: Pick<AgentConfig, 'baseUrl' | 'apiKey'>,
  choice: SandboxChoice = 'when-unconfigured',
): TillMode {
  if (choice !== 'when-unconfigured') return choice === 'always' ? 'sandbox' : 'platform';
  const configured = Boolean(config.baseUrl) && apiKeyPresence(dataDir, config) !== 'none';
  return configured ? 'platform' : 'sandbox';
}

/** The store of a mode: the data folder's own database, or the one in its sandbox folder. */
export function storeOfMode(dataDir: string, mode: TillMode): TillStore {
  const folder = mode === 'sandbox' ? join(dataDir, SANDBOX_FOLDER) : dataDir;
  return { mode, folder, databaseFile: databaseFile(folder) };
}

/** The till's mode and store, for a data folder and its loaded configuration. */
export const tillStore = (
  dataDir: string,
  config: Pick<AgentConfig, 'baseUrl' | 'apiKey'>,
  choice: SandboxChoice = 'when-unconfigured',
): TillStore => storeOfMode(dataDir, tillMode(dataDir, config, choice));

/** The embedded sandbox's database: the one `tillsync sandbox` and its commands use too. */
export const sandboxDatabaseFile = (dataDir: string) =>
  join(dataDir, SANDBOX_FOLDER, SANDBOX_DATABASE_FILE);

/** This process can send to a platform: it has an address and a key it can read. */
export const canSend = (config: Pick<AgentConfig, 'baseUrl' | 'apiKey'>) =>
  Boolean(config.baseUrl && config.apiKey);
