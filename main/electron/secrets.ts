// The API key at rest in the desktop app: encrypted with the OS through Electron's
// safeStorage (async API). On Linux without a keyring, safeStorage's "basic_text" backend
// uses a key built into Chromium, which is no protection: the person is told so and asked
// before the key is stored that way.
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import { ENCRYPTED_KEY_FILE, type SecretStore } from '../config/secret-store.js';

export const WEAK_STORAGE_WARNING =
  'This computer has no keyring, so the API key can only be stored with a key built into the ' +
  'app, which does not protect it. Anyone who can read your files could read it.';

export class KeyNotStoredError extends Error {}

export function safeStorageSecretStore(
  dataDir: string,
  safeStorage: Pick<
    SafeStorage,
    'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'
  >,
  /** Asks the person whether to store the key anyway; resolves true to go ahead. */
  confirmWeakStorage: (warning: string) => Promise<boolean>,
): SecretStore {
  const file = join(dataDir, ENCRYPTED_KEY_FILE);
  const weak = () =>
    process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
  return {
    kind: 'os-encrypted',
    async read() {
      if (!existsSync(file)) return undefined;
      const { result } = await safeStorage.decryptStringAsync(
        Buffer.from(readFileSync(file, 'utf8'), 'base64'),
      );
      return result || undefined;
    },
    async write(key: string) {
      if (weak() && !(await confirmWeakStorage(WEAK_STORAGE_WARNING))) {
        throw new KeyNotStoredError(
          'The key was not stored: the computer has no keyring to protect it.',
        );
      }
      const encrypted = await safeStorage.encryptStringAsync(key);
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, encrypted.toString('base64'), { mode: 0o600 });
      chmodSync(temporary, 0o600);
      renameSync(temporary, file);
    },
    async clear() {
      rmSync(file, { force: true });
    },
  };
}
