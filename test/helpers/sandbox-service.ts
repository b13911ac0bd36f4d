// The agent's service (what the UI calls) on a fresh data folder, syncing to a real sandbox
// on 127.0.0.1 with a key that may write and read sales: set up before the file's tests and
// closed after them. The getters read what `beforeAll` made.
import { afterAll, beforeAll } from 'vitest';
import type { Runtime } from '../../main/agent/runtime.js';
import { createService, type Service } from '../../main/agent/service.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { consoleRuntime } from './runtime.js';
import { tempDir } from './temp-dir.js';

export function serviceAgainstSandbox() {
  let made: { sandbox: Sandbox; key: string; runtime: Runtime; service: Service } | undefined;
  beforeAll(async () => {
    const sandbox = await startSandbox({ rateLimit: false });
    const key = await sandbox.mintKey({ scope: 'sales:write sales:read' });
    const runtime = await consoleRuntime(tempDir(), {
      baseUrl: sandbox.url,
      key,
      sync: { pollIntervalMs: 50, debounceMs: 10 },
    });
    made = { sandbox, key, runtime, service: createService(runtime) };
  }, 30_000);
  afterAll(async () => {
    await made?.runtime.close();
    await made?.sandbox.close();
  });
  const get = () => {
    if (!made) throw new Error('the sandbox and the agent start in beforeAll');
    return made;
  };
  return {
    get sandbox() {
      return get().sandbox;
    },
    get key() {
      return get().key;
    },
    get runtime() {
      return get().runtime;
    },
    get service() {
      return get().service;
    },
  };
}
