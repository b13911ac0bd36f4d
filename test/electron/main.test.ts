import { EventEmitter } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { METHOD_NAMES } from '../../main/contract/names.js';
import { PRINT_CHANNEL } from '../../main/electron/channels.js';
import { waitUntil } from '../sync/helpers.js';
import { ipc, OWN, pointAtDeadPlatform, quitApp, startApp } from './app-harness.js';
import { app, recorded } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

let dataDir: string;

beforeAll(async () => {
  dataDir = await startApp();
});

afterAll(() => quitApp(dataDir));

// In a random order each run: no test may count on what another did before it.
describe.shuffle('the Electron main process (electron mocked: its binary cannot run here)', () => {
  it('serves the till metrics while the app runs, as the daemon does', async () => {
    const settings = await ipc('getSettings', {});
    const servedAt = (settings.value?.monitoring as { servedAt: string | null }).servedAt;
    expect(servedAt).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(await (await fetch(servedAt!)).text()).toMatch(/^tillsync_sales_waiting\{.*\} \d+$/m);
  });

  it('opens one hardened window on the app protocol, with the bundled preload', () => {
    expect(recorded.windows).toHaveLength(1);
    const [window] = recorded.windows;
    expect(window!.url).toBe('app://tillsync/index.html');
    expect(window!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(String((window!.options.webPreferences as { preload: string }).preload)).toMatch(
      /dist\/main\/electron\/preload\.cjs$/,
    );
    expect(recorded.schemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });

  it('denies every permission, new windows, and navigation away from the app', () => {
    let allowed: boolean | undefined;
    recorded.permissionHandler!({}, 'geolocation', (allow) => (allowed = allow));
    expect(allowed).toBe(false);
    const contents = new (class extends EventEmitter {
      openHandler?: () => { action: string };
      setWindowOpenHandler(handler: () => { action: string }) {
        this.openHandler = handler;
      }
    })();
    app.emit('web-contents-created', {}, contents);
    expect(contents.openHandler!()).toEqual({ action: 'deny' });
    let prevented = false;
    contents.emit(
      'will-navigate',
      { preventDefault: () => (prevented = true) },
      'https://evil.example/',
    );
    expect(prevented).toBe(true);
    prevented = false;
    contents.emit(
      'will-navigate',
      { preventDefault: () => (prevented = true) },
      'app://tillsync/index.html',
    );
    expect(prevented).toBe(false);
  });

  it('serves only the built UI on the app protocol, with a CSP, and refuses paths outside it', async () => {
    const serve = recorded.protocolHandlers.get('app')!;
    const page = await serve(new Request('app://tillsync/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(await page.text()).toContain('<div id="app">');
    expect((await serve(new Request('app://tillsync/../../package.json'))).status).toBe(404);
    expect((await serve(new Request('app://tillsync/%2e%2e/%2e%2e/package.json'))).status).toBe(
      404,
    );
    expect((await serve(new Request('app://elsewhere/index.html'))).status).toBe(404);
  });

  it('handles every contract method over IPC, and refuses a foreign sender', async () => {
    expect([...recorded.ipcHandlers.keys()].sort()).toEqual(
      [...METHOD_NAMES.map((m) => `tillsync:${m}`), PRINT_CHANNEL].sort(),
    );
    const foreign = await ipc(
      'getStatus',
      {},
      { senderFrame: { url: 'https://evil.example/', parent: null } },
    );
    expect(foreign).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const subframe = await ipc(
      'getStatus',
      {},
      { senderFrame: { url: 'app://tillsync/index.html', parent: {} } },
    );
    expect(subframe).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await ipc('getStatus', {}, { senderFrame: null })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await ipc('getStatus', {})).toMatchObject({ ok: true });
  });

  it("prints the window's page with Electron's printing, silently only when asked", async () => {
    const print = recorded.ipcHandlers.get(PRINT_CHANNEL)!;
    const calls: unknown[] = [];
    const sender = (success: boolean, reason = '') => ({
      print(options: unknown, done: (success: boolean, reason: string) => void) {
        calls.push(options);
        done(success, reason);
      },
    });
    expect(await print({ ...OWN, sender: sender(true) }, { silent: true })).toEqual({ ok: true });
    expect(await print({ ...OWN, sender: sender(false, 'Print job canceled') }, {})).toEqual({
      ok: false,
      message: 'Print job canceled',
    });
    expect(calls).toEqual([
      { silent: true, printBackground: false, margins: { marginType: 'none' } },
      { silent: false, printBackground: false, margins: { marginType: 'none' } },
    ]);
    const foreign = {
      senderFrame: { url: 'https://evil.example/', parent: null },
      sender: sender(true),
    };
    expect(await print(foreign, { silent: true })).toMatchObject({ ok: false });
    expect(calls).toHaveLength(2); // a foreign page prints nothing
  });

  it('refuses invalid input over IPC with the bad fields named, and records valid sales', async () => {
    const invalid = await ipc('recordSale', { items: 'lots', paymentMethod: 3, extra: true });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(invalid.error!.message).toMatch(/\/items.*\/paymentMethod.*\/extra/);
    const sale = await ipc('recordSale', {
      items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 450 }],
      paymentMethod: 'CASH',
    });
    expect(sale).toMatchObject({
      ok: true,
      value: { receiptNumber: expect.any(Number) as number, state: 'pending' },
    });
  });

  it('stores the API key through safeStorage, never in plain text, and never sends it to the page', async () => {
    const result = await ipc('setApiKey', { key: 'key-for-the-platform' });
    expect(result.ok).toBe(true);
    expect(recorded.encrypted.at(-1)).toBe('key-for-the-platform');
    const file = join(dataDir, 'api-key.enc');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).not.toContain('key-for-the-platform');
    expect(result.value).toMatchObject({ apiKey: { set: true, storage: 'os-encrypted' } });
    expect(JSON.stringify(result)).not.toContain('key-for-the-platform');
    expect(JSON.stringify(await ipc('getSettings', {}))).not.toContain('key-for-the-platform');
    await ipc('clearApiKey', {});
  });

  it("starts at login when asked, through Electron's login items", async () => {
    expect(await ipc('getSettings', {})).toMatchObject({
      ok: true,
      value: { desktop: { startAtLogin: false } },
    });
    expect(await ipc('updateSettings', { startAtLogin: true })).toMatchObject({
      ok: true,
      value: { desktop: { startAtLogin: true } },
    });
    expect(app.loginItem).toEqual({ openAtLogin: true });
    await ipc('updateSettings', { startAtLogin: false });
    expect(app.loginItem).toEqual({ openAtLogin: false });
  });

  it('on Linux without a keyring, says so and stores nothing unless the person agrees', async () => {
    if (process.platform !== 'linux') return;
    recorded.storageBackend = 'basic_text';
    recorded.dialogAnswer = 0; // "Do not store the key"
    const declined = await ipc('setApiKey', { key: 'weakly-kept-key' });
    expect(declined).toMatchObject({ ok: false });
    expect(declined.error!.message).toMatch(/not stored: the computer has no keyring/);
    expect(recorded.dialogs.at(-1)!.message).toMatch(/cannot be stored securely/);
    expect(recorded.encrypted).not.toContain('weakly-kept-key');
    recorded.dialogAnswer = 1; // "Store it anyway"
    expect((await ipc('setApiKey', { key: 'weakly-kept-key' })).ok).toBe(true);
    expect(recorded.encrypted).toContain('weakly-kept-key');
    await ipc('clearApiKey', {});
    recorded.storageBackend = 'gnome_libsecret';
  });

  it('hides the window on close and keeps syncing; Quit asks while sales wait', async () => {
    await pointAtDeadPlatform();
    const before = recorded.dialogs.length;
    const waiting = await ipc('recordSale', {
      items: [{ productId: 'p1', quantity: 1, unitPriceMinor: 100 }],
      paymentMethod: 'CASH',
    });
    expect(waiting.error).toBeUndefined();

    const window = recorded.windows[0]!.instance;
    let closePrevented = false;
    window.emit('close', { preventDefault: () => (closePrevented = true) });
    expect(closePrevented).toBe(true);
    expect(window.hidden).toBe(true);

    recorded.dialogAnswer = 0; // "Keep Tillsync running"
    let quitPrevented = false;
    app.emit('before-quit', { preventDefault: () => (quitPrevented = true) });
    expect(quitPrevented).toBe(true);
    await waitUntil(
      () =>
        recorded.dialogs
          .slice(before)
          .some((d) =>
            /^\d+ sales? ha(s|ve) not reached the platform yet\.$/.test(String(d.message)),
          ),
      5000,
      'the quit question',
    );
    expect(recorded.quits).toBe(0);
  });

  it('shows the sync state in the tray menu, with Resync now and Quit', () => {
    const menu = recorded.trayMenus.at(-1) as Array<{ label?: string }>;
    expect(menu.map((item) => item.label).filter(Boolean)).toEqual([
      expect.stringMatching(
        /^Tillsync: (sandbox, )?(online|offline|checking the platform|key rejected), \d+ waiting/,
      ),
      'Open Tillsync',
      'Resync now',
      'Quit',
    ]);
  });

  it('resyncs when the computer wakes from sleep', async () => {
    // A platform that takes each connection and drops it: every attempt is counted.
    let attempts = 0;
    const platform = createServer((socket) => {
      attempts += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
    const { port } = platform.address() as AddressInfo;
    try {
      await pointAtDeadPlatform(`http://127.0.0.1:${port}`);
      await waitUntil(() => attempts > 0, 5000, 'a first attempt');
      await new Promise((resolve) => setTimeout(resolve, 300)); // the engine backs off
      const before = attempts;
      const { powerMonitor } = await import('./fake-electron.js');
      powerMonitor.emit('resume');
      await waitUntil(() => attempts > before, 5000, 'an attempt after resume');
    } finally {
      await pointAtDeadPlatform(); // the next tests' state, whatever the order
      platform.close();
    }
  });
});
