// The desktop app: the only file that wires the agent to a live Electron. It runs the
// same runtime and service as the console, behind a hardened window.
import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  powerMonitor,
  protocol,
  safeStorage,
  session,
  Tray,
} from 'electron';
import { embeddedSandboxText } from '../agent/embedded-sandbox.js';
import { createRuntime, type Runtime } from '../agent/runtime.js';
import { createService } from '../agent/service.js';
import { viewStatus } from '../../domain/views/status-view.js';
import { translator, type Translator } from '../../domain/i18n/messages.js';
import { effectiveLocale } from '../../domain/locale.js';
import { RefusedError } from '../agent/refused-error.js';
import { resolveDataDir } from '../config/data-dir.js';
import { packageRoot } from '../config/package-info.js';
import { createLogger, engineLogger } from '../log/logger.js';
import { APP_ORIGIN, APP_SCHEME, APP_URL, serveAppFiles } from './app-protocol.js';
import { forwardEvents, registerIpc, registerPrinting } from './ipc.js';
import { safeStorageSecretStore } from './secrets.js';
import { createTray } from './tray.js';
import { createTillWindow } from './window.js';

const RENDERER_DIR = join(packageRoot, 'renderer', 'dist');
const PRELOAD = join(packageRoot, 'dist', 'main', 'electron', 'preload.cjs');
const TRAY_ICON = join(packageRoot, 'assets', 'tray.png');

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

let window: BrowserWindow | undefined;
let runtime: Runtime | undefined;
let quitting = false;
/** The till's words: the desktop's language until the agent runs, then the till's, read at each ask. */
let words: () => Translator = () => translator(effectiveLocale(null, app.getLocale()));

function showWindow(): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

async function confirmWeakStorage(): Promise<boolean> {
  const { t } = words();
  const { response } = await dialog.showMessageBox({
    type: 'warning',
    buttons: [t('console.app.doNotStoreKey'), t('console.app.storeKeyAnyway')],
    defaultId: 0,
    cancelId: 0,
    message: t('console.app.keyNotSecure'),
    detail: t('console.app.keyNotSecureDetail'),
  });
  return response === 1;
}

/** Quit, after asking when sales have not reached the platform yet. */
async function requestQuit(): Promise<void> {
  const status = runtime?.status();
  const waiting = status ? viewStatus(status, Date.now()).waiting : 0;
  if (waiting > 0) {
    const { t } = words();
    const { response } = await dialog.showMessageBox({
      type: 'warning',
      buttons: [t('console.app.keepRunning'), t('console.app.quitAnyway')],
      defaultId: 0,
      cancelId: 0,
      message: t('console.app.quitQuestion', { waiting }),
      detail: t('console.app.quitDetail'),
    });
    if (response !== 1) return;
  }
  quitting = true;
  await runtime?.close();
  app.quit();
}

function harden(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  );
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event, url) => {
      if (!url.startsWith(APP_ORIGIN)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

async function start(): Promise<void> {
  const dataDir = resolveDataDir();
  const logger = engineLogger(createLogger({ dataDir }));
  runtime = await createRuntime({
    dataDir,
    secrets: safeStorageSecretStore(dataDir, safeStorage, confirmWeakStorage),
    sandbox: 'when-unconfigured',
    kind: 'app',
    env: process.env,
    logger,
    // At start, and again when Settings switch back to the sandbox (new addresses).
    onSandboxStarted: (sandbox) => process.stdout.write(embeddedSandboxText(sandbox)),
  });
  const service = createService(runtime, logger, {
    getStartAtLogin: () => app.getLoginItemSettings().openAtLogin,
    setStartAtLogin: (on) => app.setLoginItemSettings({ openAtLogin: on }),
    systemLocale: () => app.getLocale(),
  });
  words = () => translator(service.locale());
  harden();
  serveAppFiles(protocol, RENDERER_DIR);
  registerIpc(ipcMain, service);
  registerPrinting(ipcMain);

  window = createTillWindow(BrowserWindow, PRELOAD, !app.isPackaged);
  forwardEvents(service, window.webContents);
  window.once('ready-to-show', showWindow);
  // Closing the window keeps the agent syncing in the background; Quit is in the tray.
  window.on('close', (event) => {
    if (!quitting) {
      event.preventDefault();
      window?.hide();
    }
  });
  await window.loadURL(APP_URL);

  const tray = createTray(
    { Tray, Menu },
    nativeImage.createFromPath(TRAY_ICON),
    {
      open: showWindow,
      resync: () => void service.call('resyncNow', {}),
      quit: () => void requestQuit(),
    },
    words,
  );
  tray.update(runtime.status());
  runtime.events.on('status', tray.update);
  powerMonitor.on('resume', () => void service.call('resyncNow', {}));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', showWindow);
  app.on('window-all-closed', () => {
    // Stay in the tray: the agent keeps syncing.
  });
  app.on('before-quit', (event) => {
    if (!quitting) {
      event.preventDefault();
      void requestQuit();
    }
  });
  app.whenReady().then(start, (error: Error) => {
    const said = words();
    const why = error instanceof RefusedError ? said.error(error.refusal) : error.message;
    dialog.showErrorBox(said.t('console.app.couldNotStart'), why);
    app.exit(1);
  });
}
