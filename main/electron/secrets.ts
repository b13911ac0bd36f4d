// The API key at rest in the desktop app: encrypted with the OS through Electron's
// safeStorage (async API). On Linux without a keyring, safeStorage's "basic_text" backend
// uses a key built into Chromium, which is no protection: the person is told so and asked
// before the key is stored that way.
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import { ENCRYPTED_KEY_FILE, type SecretStore } from '../config/secret-store.js';

export class KeyNotStoredError extends Error {}

export function safeStorageSecretStore(
  dataDir: string,
  safeStorage: Pick<
    SafeStorage,
    'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'
  >,
  /** Tells the person the key would not be protected, and asks; resolves true to go ahead. */
  confirmWeakStorage: () => Promise<boolean>,
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
      if (weak() && !(await confirmWeakStorage())) {
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
