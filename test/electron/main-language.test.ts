// The desktop app in the till's language: the quit question and the tray follow the till's
// locale setting, read each time they are shown (electron mocked: its binary cannot run here).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitUntil } from '../sync/helpers.js';
import { ipc, pointAtDeadPlatform, quitApp, startApp } from './app-harness.js';
import { app, recorded } from './fake-electron.js';

vi.mock('electron', () => import('./fake-electron.js'));

let dataDir: string;

beforeAll(async () => {
  dataDir = await startApp();
});

afterAll(() => quitApp(dataDir));

describe('the Electron main process in the till language', () => {
  it("asks and shows the tray in the till's language, read when it asks", async () => {
    // The platform's own store first: each mode keeps its settings.
    await pointAtDeadPlatform();
    expect((await ipc('updateSettings', { locale: 'de-DE' })).ok).toBe(true);
    try {
      const trays = recorded.trayMenus.length;
      // Another sale waits: the status it changes rebuilds the tray.
      await ipc('recordSale', {
        items: [{ productId: 'p1', quantity: 1, unitPriceMinor: 100 }],
        paymentMethod: 'CASH',
      });
      const before = recorded.dialogs.length;
      recorded.dialogAnswer = 0; // "Tillsync weiterlaufen lassen"
      app.emit('before-quit', { preventDefault: () => undefined });
      const german = /^\d+ Verk(auf hat|äufe haben) die Plattform noch nicht erreicht\.$/;
      await waitUntil(
        () => recorded.dialogs.slice(before).some((d) => german.test(String(d.message))),
        5000,
        'the quit question in German',
      );
      expect(recorded.dialogs.at(-1)).toMatchObject({
        buttons: ['Tillsync weiterlaufen lassen', 'Trotzdem beenden'],
        detail: expect.stringMatching(/^Sie sind auf dieser Kasse sicher/) as string,
      });
      expect(recorded.quits).toBe(0);
      await waitUntil(
        () => recorded.trayMenus.length > trays,
        15_000,
        'the tray to hear of the sale',
      );
      const menu = recorded.trayMenus.at(-1) as Array<{ label?: string }>;
      expect(menu.map((item) => item.label).filter(Boolean)).toEqual([
        expect.stringMatching(/^Tillsync: (Sandbox, )?[^,]+, \d+ wartend/),
        'Tillsync öffnen',
        'Jetzt synchronisieren',
        'Beenden',
      ]);
    } finally {
      await ipc('updateSettings', { locale: null });
      // The tray reads the words again at its next update (news, or its reread): English.
      const labels = () =>
        (recorded.trayMenus.at(-1) as Array<{ label?: string }>).map((i) => i.label);
      await waitUntil(() => labels().includes('Resync now'), 15_000, 'the tray back in English');
    }
  });
});
