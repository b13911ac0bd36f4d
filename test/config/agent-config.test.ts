import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAgentConfig } from '../../main/config/agent-config.js';
import { describeApiKey } from '../../main/config/api-key-info.js';
import { tempDir } from '../helpers/temp-dir.js';

function load(env: NodeJS.ProcessEnv, flags = {}, file?: unknown) {
  const dataDir = tempDir();
  if (file !== undefined)
    writeFileSync(
      join(dataDir, 'config.json'),
      typeof file === 'string' ? file : JSON.stringify(file),
    );
  return loadAgentConfig({ dataDir, env, flags });
}

describe('agent configuration', () => {
  it('has sensible defaults and no platform until one is configured', () => {
    const loaded = load({});
    expect(loaded.ok && loaded.value).toMatchObject({
      baseUrl: undefined,
      apiKey: undefined,
      sync: {
        concurrency: 4,
        backoffBaseMs: 1000,
        backoffCapMs: 300_000,
        staleAfterMs: 86_400_000,
      },
    });
  });

  it('layers config.json, then the environment, then flags (flags win)', () => {
    const file = {
      baseUrl: 'https://file.example.com/',
      shopId: 'shop_file',
      sync: { concurrency: 2, backoffBaseMs: 500 },
    };
    const env = { TILLSYNC_BASE_URL: 'https://env.example.com', TILLSYNC_API_KEY: 'key-from-env' };
    const loaded = load(env, { shopId: 'shop_flag', sync: { concurrency: 8 } }, file);
    expect(loaded.ok && loaded.value).toMatchObject({
      baseUrl: 'https://env.example.com',
      apiKey: 'key-from-env',
      shopId: 'shop_flag',
      sync: { concurrency: 8, backoffBaseMs: 500 },
    });
    expect(
      load({}, {}, file).ok && (load({}, {}, file) as { value: { baseUrl: string } }).value.baseUrl,
    ).toBe('https://file.example.com');
  });

  it('refuses plain http except on loopback, naming where the address came from', () => {
    const remote = load({ TILLSYNC_BASE_URL: 'http://api.example.com' });
    expect(!remote.ok && remote.error.message).toBe(
      'The configuration in the environment (TILLSYNC_*) is not valid: /baseUrl: must use https (plain http is allowed only for 127.0.0.1, ::1 or localhost)',
    );
    for (const local of ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010']) {
      expect(load({ TILLSYNC_BASE_URL: local }).ok).toBe(true);
    }
    expect(load({ TILLSYNC_BASE_URL: 'ftp://example.com' }).ok).toBe(false);
    expect(load({ TILLSYNC_BASE_URL: 'https://user:pw@example.com' }).ok).toBe(false);
  });

  it('names the file and the field of a bad config.json, and never shows the key', () => {
    const bad = load(
      {},
      {},
      { apiKey: 'secret-key-value', sync: { concurrency: 40 }, colour: 'red' },
    );
    expect(bad.ok).toBe(false);
    const message = !bad.ok ? bad.error.message : '';
    expect(message).toMatch(/config\.json is not valid/);
    expect(message).toContain('/sync/concurrency');
    expect(message).toContain('/colour');
    expect(message).not.toContain('secret-key-value');
    const notJson = load({}, {}, '{ not json');
    expect(!notJson.ok && notJson.error.message).toMatch(
      /config\.json is not valid JSON.*Fix or remove it/,
    );
  });

  it('reads the key from a file named by TILLSYNC_API_KEY_FILE or --api-key-file', () => {
    const keyFile = join(tempDir(), 'key');
    writeFileSync(keyFile, '  file-key\n');
    const fromEnv = load({ TILLSYNC_API_KEY_FILE: keyFile });
    expect(fromEnv.ok && fromEnv.value.apiKey).toBe('file-key');
    const fromFlag = load({ TILLSYNC_API_KEY: 'env-key' }, { apiKeyFile: keyFile });
    expect(fromFlag.ok && fromFlag.value.apiKey).toBe('file-key');
    const missing = load({ TILLSYNC_API_KEY_FILE: join(tempDir(), 'nope') });
    expect(!missing.ok && missing.error.message).toMatch(
      /TILLSYNC_API_KEY_FILE names .*nope, which cannot be read/,
    );
  });

  it('describes a key by its unverified claims only', () => {
    const claims = { sub: 'till_1', scope: 'sales:write sales:read', exp: 1_900_000_000 };
    const jwt = `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;
    expect(describeApiKey(jwt)).toEqual({
      set: true,
      kind: 'jwt',
      expiresAt: 1_900_000_000_000,
      scopes: ['sales:write', 'sales:read'],
      subject: 'till_1',
    });
    expect(describeApiKey('opaque-key')).toEqual({ set: true, kind: 'opaque' });
    expect(describeApiKey(undefined)).toEqual({ set: false });
    expect(JSON.stringify(describeApiKey(jwt))).not.toContain('signature');
  });
});
