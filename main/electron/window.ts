// The till window: the renderer is an untrusted page with no Node access, talking to the
// agent only through the preload's named functions. The options are written out in the
// constructor call itself, where the Electron security scanner can read them.
import type { BrowserWindow as ElectronBrowserWindow } from 'electron';

export function createTillWindow(
  BrowserWindow: typeof ElectronBrowserWindow,
  preload: string,
  devTools: boolean,
): ElectronBrowserWindow {
  return new BrowserWindow({
    width: 1024,
    height: 768,
    minWidth: 1024,
    minHeight: 700,
    title: 'Tillsync',
    show: false,
    backgroundColor: '#f6f8fa',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      // Middle-click could open links in new windows (which are denied anyway).
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      devTools,
    },
  });
}
