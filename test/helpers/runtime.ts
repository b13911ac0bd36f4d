// The agent as the console runs it, on a data folder, for tests and benchmarks: against a
// platform at `baseUrl` with `key` when given (else nothing configured, never the sandbox).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRuntime } from '../../main/agent/runtime.js';
import { fileSecretStore } from '../../main/config/secret-store.js';

export async function consoleRuntime(
  dataDir: string,
  platform: {
    baseUrl?: string;
    key?: string;
    sync?: Record<string, unknown>;
    env?: NodeJS.ProcessEnv;
    printerTimeoutMs?: number;
  } = {},
) {
  if (platform.baseUrl || platform.sync)
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({ baseUrl: platform.baseUrl, sync: platform.sync }),
    );
  const secrets = fileSecretStore(dataDir);
  if (platform.key) await secrets.write(platform.key);
  const env = platform.env ?? {};
  const { printerTimeoutMs } = platform;
  return createRuntime({
    dataDir,
    env,
    secrets,
    sandbox: 'never',
    kind: 'console',
    printerTimeoutMs,
  });
}
