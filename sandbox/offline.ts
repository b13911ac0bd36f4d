// What the CLI does with a sandbox file without running the server: mint a key, print
// the catalog.
import { mintKey, signingSecret, type MintOptions } from './auth/keys.js';
import { exportCatalog } from './catalog.js';
import { openSandboxDatabase } from './db/open.js';

function withSandboxFile<T>(
  dbFile: string,
  action: (database: ReturnType<typeof openSandboxDatabase>) => T,
): T {
  const database = openSandboxDatabase(dbFile);
  try {
    return action(database);
  } finally {
    database.close();
  }
}

export const mintKeyForFile = (dbFile: string, options: MintOptions) =>
  mintKey(
    withSandboxFile(dbFile, ({ db }) => signingSecret(db)),
    options,
  );

export const catalogOfFile = (dbFile: string, shopId?: string) =>
  withSandboxFile(dbFile, ({ db }) => exportCatalog(db, shopId));
