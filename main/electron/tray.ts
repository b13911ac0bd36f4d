// The tray icon: whether sales are getting through, how many wait, and Resync now, also
// while the window is closed (closing the window keeps the agent syncing).
import type { Menu, MenuItemConstructorOptions, NativeImage, Tray } from 'electron';
import { viewStatus } from '../../domain/views/status-view.js';
import type { SyncStatus } from '../sync/status.js';

/** How often the tray reads its status again without news. */
const TRAY_REREAD_MS = 10_000;

/** The tray's line: the status view's short form, so it never disagrees with the banner. */
export function trayText(status: SyncStatus, now = Date.now()): string {
  return viewStatus(status, now).short;
}

export interface TrayActions {
  open: () => void;
  resync: () => void;
  quit: () => void;
}

export function trayMenu(
  status: SyncStatus | undefined,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  return [
    { label: status ? trayText(status) : 'Tillsync: starting', enabled: false },
    { type: 'separator' },
    { label: 'Open Tillsync', click: actions.open },
    { label: 'Resync now', click: actions.resync },
    { type: 'separator' },
    { label: 'Quit', click: actions.quit },
  ];
}

export function createTray(
  electron: {
    Tray: new (image: NativeImage) => Tray;
    Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): Menu };
  },
  icon: NativeImage,
  actions: TrayActions,
) {
  const tray = new electron.Tray(icon);
  let last: { status?: SyncStatus; text: string } | undefined;
  const update = (status?: SyncStatus) => {
    const text = status ? trayText(status) : 'Tillsync';
    if (last && last.status === status && last.text === text) return;
    last = { status, text };
    tray.setToolTip(text);
    tray.setContextMenu(electron.Menu.buildFromTemplate(trayMenu(status, actions)));
  };
  update();
  // With no news the words still age: "online" lapses to "checking" by the clock alone.
  const reread = setInterval(() => update(last?.status), TRAY_REREAD_MS);
  reread.unref();
  tray.on('click', actions.open);
  return {
    update,
    destroy: () => {
      clearInterval(reread);
      tray.destroy();
    },
  };
}
