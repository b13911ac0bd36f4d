import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAgentConfig, lockedSettings } from '../../main/config/agent-config.js';
import { fileSecretStore } from '../../main/config/secret-store.js';
import {
  apiKeyPresence,
  canSend,
  sandboxDatabaseFile,
  tillStore,
} from '../../main/config/till-store.js';
import { tempDir } from '../helpers/temp-dir.js';

const PLATFORM = 'https://api.example.com';

/** The till as a process finds it: its configuration loaded from every source, then the one answer. */
function tillOf(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const loaded = loadAgentConfig({ dataDir, env });
  if (!loaded.ok) throw new Error(loaded.error.message);
  return tillStore(dataDir, loaded.value);
}

const platformStore = (dataDir: string) => ({
  mode: 'platform',
  folder: dataDir,
  databaseFile: join(dataDir, 'tillsync.db'),
});
const sandboxStore = (dataDir: string) => ({
  mode: 'sandbox',
  folder: join(dataDir, 'sandbox'),
  databaseFile: join(dataDir, 'sandbox', 'tillsync.db'),
});

const writeConfig = (dataDir: string, config: object) =>
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify(config));

describe("the till's mode and store", () => {
  it('is sandbox mode, apart in <data>/sandbox, with nothing configured', () => {
    const dataDir = tempDir();
    expect(tillOf(dataDir)).toEqual(sandboxStore(dataDir));
    expect(sandboxDatabaseFile(dataDir)).toBe(join(dataDir, 'sandbox', 'sandbox.db'));
  });

  it('needs both an address and a key: either alone stays in sandbox mode', () => {
    const addressOnly = tempDir();
    writeConfig(addressOnly, { baseUrl: PLATFORM });
    expect(tillOf(addressOnly).mode).toBe('sandbox');
    const keyOnly = tempDir();
    writeConfig(keyOnly, { apiKey: 'key-in-config' });
    expect(tillOf(keyOnly).mode).toBe('sandbox');
    expect(tillOf(tempDir(), { TILLSYNC_API_KEY: 'key-in-env' }).mode).toBe('sandbox');
  });

  it('is platform mode, the data folder’s own database, with the key from any source', async () => {
    const keyFile = join(tempDir(), 'key.txt');
    writeFileSync(keyFile, 'key-in-a-file\n');
    const sources: Array<[string, (dataDir: string) => Promise<NodeJS.ProcessEnv>]> = [
      ['config.json', async (dataDir) => (writeConfig(dataDir, { apiKey: 'k' }), {})],
      ['TILLSYNC_API_KEY', async () => ({ TILLSYNC_API_KEY: 'k' })],
      ['TILLSYNC_API_KEY_FILE', async () => ({ TILLSYNC_API_KEY_FILE: keyFile })],
      [
        'the console’s key file',
        async (dataDir) => (await fileSecretStore(dataDir).write('k'), {}),
      ],
      ['tillsync.env', async (dataDir) => (writeTillsyncEnv(dataDir, 'TILLSYNC_API_KEY=k'), {})],
    ];
    for (const [source, give] of sources) {
      const dataDir = tempDir();
      const env = { TILLSYNC_BASE_URL: PLATFORM, ...(await give(dataDir)) };
      expect({ source, till: tillOf(dataDir, env) }).toEqual({
        source,
        till: platformStore(dataDir),
      });
    }
  });

  it('counts the console’s key file even when the process did not load it', async () => {
    const dataDir = tempDir();
    await fileSecretStore(dataDir).write('saved-in-the-console');
    // The desktop app reads only its own encrypted key: it must still find the same store.
    expect(apiKeyPresence(dataDir, {})).toBe('readable');
    expect(tillStore(dataDir, { baseUrl: PLATFORM })).toEqual(platformStore(dataDir));
  });

  it('counts the desktop app’s encrypted key by its presence alone', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'api-key.enc'), 'c2VhbGVkIGJ5IHRoZSBPUw==');
    expect(apiKeyPresence(dataDir, {})).toBe('app-only');
    expect(tillStore(dataDir, { baseUrl: PLATFORM })).toEqual(platformStore(dataDir));
    // The command line cannot send with it, though the store is the platform's.
    expect(canSend({ baseUrl: PLATFORM })).toBe(false);
    expect(canSend({ baseUrl: PLATFORM, apiKey: 'k' })).toBe(true);

    const empty = tempDir();
    writeFileSync(join(empty, 'api-key.enc'), '');
    expect(apiKeyPresence(empty, {})).toBe('none');
    expect(tillStore(empty, { baseUrl: PLATFORM }).mode).toBe('sandbox');
  });

  it('follows the choice of `daemon --sandbox` (always) and `daemon` (never)', () => {
    const dataDir = tempDir();
    const configured = { baseUrl: PLATFORM, apiKey: 'k' };
    expect(tillStore(dataDir, configured, 'always')).toEqual(sandboxStore(dataDir));
    expect(tillStore(dataDir, {}, 'never')).toEqual(platformStore(dataDir));
    expect(tillStore(dataDir, configured, 'when-unconfigured')).toEqual(platformStore(dataDir));
  });
});

function writeTillsyncEnv(dataDir: string, ...lines: string[]) {
  writeFileSync(join(dataDir, 'tillsync.env'), lines.join('\n') + '\n');
}

describe('tillsync.env, the service’s environment file', () => {
  it('is read by every process, under the real environment and over config.json', () => {
    const dataDir = tempDir();
    writeConfig(dataDir, { baseUrl: 'https://file.example.com', shopId: 'shop_file' });
    writeTillsyncEnv(
      dataDir,
      '# platform settings for the service',
      '; another comment',
      'TILLSYNC_BASE_URL="https://service.example.com"',
      "TILLSYNC_API_KEY='service-key'",
      'TILLSYNC_DATA_DIR=/elsewhere',
      'PATH=/ignored',
      'not a setting',
    );
    const loaded = loadAgentConfig({ dataDir, env: { TILLSYNC_API_KEY: 'shell-key' } });
    expect(loaded.ok && loaded.value).toMatchObject({
      baseUrl: 'https://service.example.com',
      apiKey: 'shell-key',
      shopId: 'shop_file',
    });
  });

  it('names itself when a value in it is not valid', () => {
    const dataDir = tempDir();
    writeTillsyncEnv(dataDir, 'TILLSYNC_BASE_URL=http://api.example.com');
    const loaded = loadAgentConfig({ dataDir, env: {} });
    expect(!loaded.ok && loaded.error.message).toBe(
      `The configuration in ${join(dataDir, 'tillsync.env')} is not valid: /baseUrl: must use https (plain http is allowed only for 127.0.0.1, ::1 or localhost)`,
    );
  });

  it('locks what it sets against the Settings screen, and says so', () => {
    const dataDir = tempDir();
    writeTillsyncEnv(
      dataDir,
      'TILLSYNC_BASE_URL=https://service.example.com',
      'TILLSYNC_API_KEY=k',
    );
    expect(lockedSettings({ env: {}, dataDir })).toEqual({
      baseUrl: 'TILLSYNC_BASE_URL in tillsync.env',
      apiKey: 'TILLSYNC_API_KEY in tillsync.env',
    });
    // The real environment is the stronger layer, and named first.
    expect(lockedSettings({ env: { TILLSYNC_API_KEY_FILE: '/run/key' }, dataDir }).apiKey).toBe(
      'TILLSYNC_API_KEY_FILE',
    );
  });
});
