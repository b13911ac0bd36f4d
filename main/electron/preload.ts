// The only bridge from the page to the agent: one named function per contract method and a
// subscription to the contract's events, nothing else. Never a raw ipcRenderer.
// Bundled to CommonJS (dist/main/electron/preload.cjs): sandboxed preloads cannot import.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { EventName, TillsyncApi } from '../contract/contract.js';
import { EVENT_NAMES, METHOD_NAMES } from '../contract/names.js';
import { eventChannel, methodChannel, PRINT_CHANNEL } from './channels.js';

const methods = Object.fromEntries(
  METHOD_NAMES.map((method) => [
    method,
    (input: unknown) => ipcRenderer.invoke(methodChannel(method), input),
  ]),
);

function on(event: EventName, listener: (payload: unknown) => void): () => void {
  if (!EVENT_NAMES.includes(event)) throw new Error(`There is no event ${String(event)}`);
  const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
  ipcRenderer.on(eventChannel(event), handler);
  return () => ipcRenderer.removeListener(eventChannel(event), handler);
}

const api = { ...methods, on } as unknown as TillsyncApi;

contextBridge.exposeInMainWorld('tillsync', api satisfies TillsyncApi);

// Printing a receipt with Electron's printing (renderer/src/print.tsx).
contextBridge.exposeInMainWorld('tillsyncDesktop', {
  print: (options: { silent: boolean }) =>
    ipcRenderer.invoke(PRINT_CHANNEL, { silent: options.silent === true }),
});
