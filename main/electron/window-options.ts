// The till window's options: the renderer is an untrusted page with no Node access,
// talking to the agent only through the preload's named functions.
import type { BrowserWindowConstructorOptions } from 'electron';

export function windowOptions(preload: string, devTools: boolean): BrowserWindowConstructorOptions {
  return {
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
      spellcheck: false,
      devTools,
    },
  };
}
