// The Electron main process under test: loaded once per test file against the fake electron
// module (its binary cannot run here), with its IPC handlers called as the page would.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { waitUntil } from '../sync/helpers.js';
import { app, recorded } from './fake-electron.js';

export const OWN = { senderFrame: { url: 'app://tillsync/index.html', parent: null } };

export async function ipc(
  method: string,
  input: unknown,
  event: { senderFrame: { url: string; parent: unknown } | null } = OWN,
) {
  const handler = recorded.ipcHandlers.get(`tillsync:${method}`);
  if (!handler) throw new Error(`no handler for ${method}`);
  return (await handler(event, input)) as {
    ok: boolean;
    value?: Record<string, unknown>;
    error?: { code: string; message: string };
  };
}

/** Points the app at a platform that is down, so sales stay waiting (idempotent). */
export async function pointAtDeadPlatform(baseUrl = 'http://127.0.0.1:9'): Promise<void> {
  expect((await ipc('setApiKey', { key: 'key-for-a-dead-platform' })).ok).toBe(true);
  expect(await ipc('updateSettings', { baseUrl })).toMatchObject({
    ok: true,
    value: { mode: 'platform' },
  });
  // A sale, so there is something to send and fail on.
  await ipc('recordSale', {
    items: [{ productId: 'p1', quantity: 1, unitPriceMinor: 100 }],
    paymentMethod: 'CASH',
  });
}

/** Starts the app's main process on a data folder of its own; answers that folder. */
export async function startApp(): Promise<string> {
  // tempDir() removes its folders after each test: this one must live for the whole file.
  const dataDir = join(tempDir(), '..', `tillsync-electron-${process.pid}`);
  process.env.TILLSYNC_DATA_DIR = dataDir;
  process.env.TILLSYNC_METRICS_LISTEN = '127.0.0.1:0'; // the app exports its metrics too
  await import('../../main/electron/main.js');
  await waitUntil(() => recorded.windows[0]?.url !== undefined, 20_000, 'the window to load');
  return dataDir;
}

/** Quits the app (answering "Quit anyway" if sales wait) and removes its data folder. */
export async function quitApp(dataDir: string): Promise<void> {
  recorded.dialogAnswer = 1;
  app.emit('before-quit', { preventDefault: () => undefined });
  await waitUntil(() => recorded.quits > 0, 5000, 'the app to quit');
  rmSync(dataDir, { recursive: true, force: true });
}
