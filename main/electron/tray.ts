// The tray icon: whether sales are getting through, how many wait, and Resync now, also
// while the window is closed (closing the window keeps the agent syncing).
import type { Menu, MenuItemConstructorOptions, NativeImage, Tray } from 'electron';
import { viewStatus } from '../contract/status-view.js';
import type { SyncStatus } from '../sync/status.js';

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
  const update = (status?: SyncStatus) => {
    tray.setToolTip(status ? trayText(status) : 'Tillsync');
    tray.setContextMenu(electron.Menu.buildFromTemplate(trayMenu(status, actions)));
  };
  update();
  tray.on('click', actions.open);
  return { update, destroy: () => tray.destroy() };
}
