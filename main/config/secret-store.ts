// Where an API key entered in the UI is kept. The desktop app encrypts it with the OS
// (Electron's safeStorage, main/electron/secrets.ts); plain Node has no OS keyring, so the
// daemon and the console keep it in a file only this user can read (mode 0600).
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SecretStore {
  /** How the key is kept at rest, for the settings screen. */
  kind: 'os-encrypted' | 'file';
  read(): Promise<string | undefined>;
  write(key: string): Promise<void>;
  clear(): Promise<void>;
}

export const KEY_FILE = 'api-key';
/** The desktop app's key, encrypted by the OS: only the app itself can read it. */
export const ENCRYPTED_KEY_FILE = 'api-key.enc';

/** The key in the data folder's key file, if there is one (read synchronously for the CLI). */
export function readKeyFile(dataDir: string): string | undefined {
  const file = join(dataDir, KEY_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

export function fileSecretStore(dataDir: string): SecretStore {
  const file = join(dataDir, KEY_FILE);
  return {
    kind: 'file',
    read: async () => readKeyFile(dataDir),
    async write(key: string) {
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, key, { mode: 0o600 });
      chmodSync(temporary, 0o600);
      renameSync(temporary, file);
    },
    async clear() {
      rmSync(file, { force: true });
    },
  };
}
