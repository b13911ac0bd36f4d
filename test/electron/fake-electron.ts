// A thin stand-in for the electron module, which cannot run here (its binary cannot be
// downloaded). It records what the main process asks of Electron and lets a test play the
// part of the window, the OS and the person.
import { EventEmitter } from 'node:events';

type Handler = (
  event: {
    senderFrame: { url: string; parent: unknown } | null;
    /** The page's webContents, for the handlers that use it (printing). */
    sender?: { print(options: unknown, done: (success: boolean, reason: string) => void): void };
  },
  input: unknown,
) => unknown;

export const recorded = {
  windows: [] as Array<{
    options: Record<string, unknown>;
    url?: string;
    instance: EventEmitter & { hidden: boolean };
  }>,
  quits: 0,
  ipcHandlers: new Map<string, Handler>(),
  schemes: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  permissionHandler: undefined as
    | undefined
    | ((contents: unknown, permission: string, callback: (allow: boolean) => void) => void),
  dialogs: [] as Array<Record<string, unknown>>,
  dialogAnswer: 0,
  storageBackend: 'gnome_libsecret' as string,
  encrypted: [] as string[],
  trayMenus: [] as unknown[],
};

export const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  quit: () => void (recorded.quits += 1),
  exit: () => undefined,
  getPath: () => '/tmp',
  /** The desktop's language: what the till speaks while its own setting leaves it to the system. */
  locale: 'en-US',
  getLocale() {
    return this.locale;
  },
  loginItem: { openAtLogin: false },
  getLoginItemSettings() {
    return { openAtLogin: this.loginItem.openAtLogin };
  },
  setLoginItemSettings(settings: { openAtLogin: boolean }) {
    this.loginItem = { openAtLogin: settings.openAtLogin };
  },
});

class FakeWebContents extends EventEmitter {
  sent: Array<[string, unknown]> = [];
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload]);
  }
  isDestroyed() {
    return false;
  }
}

export class BrowserWindow extends EventEmitter {
  webContents = new FakeWebContents();
  hidden = false;
  record: { options: Record<string, unknown>; url?: string; instance: BrowserWindow };
  constructor(options: Record<string, unknown>) {
    super();
    this.record = { options, instance: this };
    recorded.windows.push(this.record);
  }
  loadURL(url: string) {
    this.record.url = url;
    return Promise.resolve();
  }
  show() {}
  focus() {}
  hide() {
    this.hidden = true;
  }
  restore() {}
  isMinimized() {
    return false;
  }
}

export const ipcMain = {
  handle: (channel: string, handler: Handler) => recorded.ipcHandlers.set(channel, handler),
};

export const protocol = {
  registerSchemesAsPrivileged: (schemes: unknown[]) => recorded.schemes.push(...schemes),
  handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
    recorded.protocolHandlers.set(scheme, handler),
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler: typeof recorded.permissionHandler) =>
      (recorded.permissionHandler = handler),
  },
};

// Reversible, visibly not plaintext: enough to prove the key went through safeStorage.
export const safeStorage = {
  getSelectedStorageBackend: () => recorded.storageBackend,
  encryptStringAsync: async (text: string) => {
    recorded.encrypted.push(text);
    return Buffer.from(`ENC:${Buffer.from(text).toString('hex')}`);
  },
  decryptStringAsync: async (buffer: Buffer) => ({
    shouldReEncrypt: false,
    result: Buffer.from(buffer.toString().replace(/^ENC:/, ''), 'hex').toString(),
  }),
};

export const dialog = {
  showMessageBox: async (options: Record<string, unknown>) => {
    recorded.dialogs.push(options);
    return { response: recorded.dialogAnswer };
  },
  showErrorBox: () => undefined,
};

export class Tray extends EventEmitter {
  setToolTip() {}
  setContextMenu(menu: unknown) {
    recorded.trayMenus.push(menu);
  }
  destroy() {}
}

export const Menu = { buildFromTemplate: (template: unknown) => template };
export const nativeImage = { createFromPath: () => ({}) };
export const powerMonitor = new EventEmitter();
export const contextBridge = { exposeInMainWorld: () => undefined };
export const ipcRenderer = {
  invoke: () => undefined,
  on: () => undefined,
  removeListener: () => undefined,
};
