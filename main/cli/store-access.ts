// Opening the store for a CLI command, with the database problems turned into clear
// messages and exit codes.
import { DatabaseFileError } from '../../db/open.js';
import { openStore, type Store } from '../../db/store.js';
import { databaseFile, resolveDataDir } from '../config/data-dir.js';
import { EXIT } from './exit-codes.js';
import { CliError } from './io.js';

export interface DataDirOption {
  dataDir?: string;
}

export function openCliStore(options: DataDirOption): Store {
  const file = databaseFile(resolveDataDir(options.dataDir));
  try {
    return openStore(file);
  } catch (error) {
    if (error instanceof DatabaseFileError) {
      throw new CliError(error.message, EXIT.databaseUnusable);
    }
    throw error;
  }
}

export async function withStore<T>(
  options: DataDirOption,
  action: (store: Store) => T | Promise<T>,
): Promise<T> {
  const store = openCliStore(options);
  try {
    return await action(store);
  } finally {
    store.close();
  }
}
