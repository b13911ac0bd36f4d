// The only bridge from the page to the agent: one named function per contract method and a
// subscription to the contract's events, nothing else. Never a raw ipcRenderer.
// Bundled to CommonJS (dist/main/electron/preload.cjs): sandboxed preloads cannot import.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { apiFrom } from '../contract/api-from.js';
import type { EventName, EventPayload } from '../contract/contract.js';
import { EVENT_NAMES } from '../contract/names.js';
import { eventChannel, methodChannel, PRINT_CHANNEL } from './channels.js';

function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
  if (!EVENT_NAMES.includes(event)) throw new Error(`There is no event ${String(event)}`);
  const handler = (_event: IpcRendererEvent, payload: EventPayload<E>) => listener(payload);
  ipcRenderer.on(eventChannel(event), handler);
  return () => {
    ipcRenderer.removeListener(eventChannel(event), handler);
  };
}

const api = apiFrom((method, input) => ipcRenderer.invoke(methodChannel(method), input), on);

contextBridge.exposeInMainWorld('tillsync', api);

// Printing a receipt with Electron's printing (renderer/src/print.tsx).
contextBridge.exposeInMainWorld('tillsyncDesktop', {
  print: (options: { silent: boolean }) =>
    ipcRenderer.invoke(PRINT_CHANNEL, { silent: options.silent === true }),
});
