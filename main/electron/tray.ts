// The tray icon: whether sales are getting through, how many wait, and Resync now, also
// while the window is closed (closing the window keeps the agent syncing).
import type { Menu, MenuItemConstructorOptions, NativeImage, Tray } from 'electron';
import { english, type Translator } from '../../domain/i18n/messages.js';
import { viewStatus } from '../../domain/views/status-view.js';
import type { SyncStatus } from '../sync/status.js';

/** How often the tray reads its status again without news. */
const TRAY_REREAD_MS = 10_000;

/**
 * The tray's line: the status view's short form, in the till's language, so it never
 * disagrees with the banner (test/electron/tray-words.test.ts).
 */
export function trayText(
  status: SyncStatus,
  now = Date.now(),
  words: Translator = english,
): string {
  return viewStatus(status, now, undefined, words).short;
}

export interface TrayActions {
  open: () => void;
  resync: () => void;
  quit: () => void;
}

export function trayMenu(
  status: SyncStatus | undefined,
  actions: TrayActions,
  words: Translator = english,
): MenuItemConstructorOptions[] {
  return [
    {
      label: status ? trayText(status, Date.now(), words) : words.t('console.app.starting'),
      enabled: false,
    },
    { type: 'separator' },
    { label: words.t('console.app.open'), click: actions.open },
    { label: words.t('console.app.resync'), click: actions.resync },
    { type: 'separator' },
    { label: words.t('console.app.quit'), click: actions.quit },
  ];
}

export function createTray(
  electron: {
    Tray: new (image: NativeImage) => Tray;
    Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): Menu };
  },
  icon: NativeImage,
  actions: TrayActions,
  /** The till's words, read at each update: a language changed in Settings shows at once. */
  words: () => Translator = () => english,
) {
  const tray = new electron.Tray(icon);
  let last: { status?: SyncStatus; text: string; menu: string } | undefined;
  const update = (status?: SyncStatus) => {
    const now = words();
    const text = status ? trayText(status, Date.now(), now) : 'Tillsync';
    const menu = trayMenu(status, actions, now);
    // The menu's words too: a change of language alone rebuilds it.
    const said = menu.map((item) => item.label ?? '').join('\n');
    if (last && last.status === status && last.text === text && last.menu === said) return;
    last = { status, text, menu: said };
    tray.setToolTip(text);
    tray.setContextMenu(electron.Menu.buildFromTemplate(menu));
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
