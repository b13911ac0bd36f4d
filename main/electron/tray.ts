// The tray icon: whether sales are getting through, how many wait, and Resync now, also
// while the window is closed (closing the window keeps the agent syncing).
import type { Menu, MenuItemConstructorOptions, NativeImage, Tray } from 'electron';
import type { SyncStatus } from '../sync/status.js';

export function trayText(status: SyncStatus): string {
  const waiting = status.counts.pending + status.counts.sending;
  const state =
    status.connection === 'authorization'
      ? 'key rejected'
      : status.connection === 'offline'
        ? 'offline'
        : status.mode === 'sandbox'
          ? 'sandbox'
          : 'online';
  const conflicts = status.counts.conflict > 0 ? `, ${status.counts.conflict} to fix` : '';
  return `Tillsync: ${state}, ${waiting} waiting${conflicts}`;
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
