// Finding the till's store for a CLI command: the configuration loaded the one way every
// command loads it, then the mode and database file main/config/till-store.ts gives the
// app too, so a command reads and writes what the app does, with no extra flag. Database
// problems become clear messages and exit codes.
import type { Command } from 'commander';
import { DatabaseFileError } from '../../db/open.js';
import { openStore, type Store } from '../../db/store.js';
import { english } from '../../domain/i18n/messages.js';
import { syncTuningSchema } from '../config/agent-config.js';
import { resolveDataDir } from '../config/data-dir.js';
import { storeOfMode, tillStore, type TillStore } from '../config/till-store.js';
import { loadCliConfig, type LoadedConfig } from './config-access.js';
import { EXIT } from './exit-codes.js';
import { CliError } from './io.js';

export interface CliTill extends LoadedConfig {
  till: TillStore;
  /**
   * Why the configuration could not be read (only with `lenient`): the mode is then not
   * known, and the data folder's own database is shown.
   */
  configError?: string;
}

/**
 * The till a command works on. A configuration that cannot be read stops the command
 * (exit 2), since the mode, and so the store, depends on it; `lenient` (status, doctor)
 * carries on with the data folder's own database and says why.
 */
export function findTill(command: Command, options: { lenient?: boolean } = {}): CliTill {
  try {
    const loaded = loadCliConfig(command);
    return { ...loaded, till: tillStore(loaded.dataDir, loaded.config) };
  } catch (error) {
    // Bad flags (no message: already printed) stop even a lenient command.
    if (!options.lenient || !(error instanceof CliError) || !error.message) throw error;
    const dataDir = resolveDataDir(command.optsWithGlobals<{ dataDir?: string }>().dataDir);
    return {
      dataDir,
      config: { sync: syncTuningSchema.parse({}) },
      flags: {},
      till: storeOfMode(dataDir, 'platform'),
      configError: error.message,
    };
  }
}

/** The mode and the file, as every command names them: "sandbox mode, /data/sandbox/tillsync.db". */
export function describeTill({ till, config, configError }: CliTill, words = english): string {
  const mode = configError
    ? 'unknown'
    : till.mode === 'sandbox'
      ? 'sandbox'
      : config.baseUrl
        ? 'platform'
        : 'noAddress';
  return words.t('cli.till.describe', { mode, address: config.baseUrl, file: till.databaseFile });
}

/** The line of a text report, in the column layout of `tillsync status` (English unless told). */
export const tillLine = (found: CliTill, words = english) =>
  `  ${words.t('cli.till.label').padEnd(10)} ${describeTill(found, words)}`;

/** For output that is data (CSV, a JSON list, a catalog): the same words, on stderr. */
export const noteTill = (found: CliTill) =>
  void process.stderr.write(`Till: ${describeTill(found)}.\n`);

/** The fields of a JSON answer: mode (null when not known) and database file. */
export const tillFields = ({ till, configError }: CliTill) => ({
  mode: configError ? null : till.mode,
  database: till.databaseFile,
});

export function openTillStore(file: string): Store {
  try {
    return openStore(file);
  } catch (error) {
    if (error instanceof DatabaseFileError) {
      throw new CliError(error.message, EXIT.databaseUnusable);
    }
    throw error;
  }
}

/** Runs `action` on the till's store, closed afterwards whatever happens. */
export async function withStore<T>(
  command: Command,
  action: (store: Store, found: CliTill) => T | Promise<T>,
  options: { lenient?: boolean } = {},
): Promise<T> {
  const found = findTill(command, options);
  const store = openTillStore(found.till.databaseFile);
  try {
    return await action(store, found);
  } finally {
    store.close();
  }
}
