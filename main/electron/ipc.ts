// The contract over Electron IPC. Every call is checked twice: the sender must be our own
// page (not a frame or page from elsewhere), and the input must match the contract (the
// service validates it with zod before anything runs).
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { EVENT_NAMES, METHOD_NAMES, type ContractResult } from '../contract/contract.js';
import type { Service } from '../agent/service.js';
import { APP_ORIGIN } from './app-protocol.js';
import { eventChannel, methodChannel } from './channels.js';

export function isOwnPage(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const url = event.senderFrame?.url;
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return (
      `${parsed.protocol}//${parsed.host}` === APP_ORIGIN && event.senderFrame?.parent === null
    );
  } catch {
    return false;
  }
}

const refused: ContractResult<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'Only the Tillsync window may call the agent.' },
};

export function registerIpc(ipcMain: Pick<IpcMain, 'handle'>, service: Service): void {
  for (const method of METHOD_NAMES) {
    ipcMain.handle(methodChannel(method), (event, input: unknown) =>
      isOwnPage(event) ? service.call(method, input) : refused,
    );
  }
}

/** Passes the agent's events to the window; returns a function that stops it. */
export function forwardEvents(
  service: Service,
  contents: Pick<WebContents, 'send' | 'isDestroyed'>,
): () => void {
  const stops = EVENT_NAMES.map((name) => {
    const listener = (payload: unknown) => {
      if (!contents.isDestroyed()) contents.send(eventChannel(name), payload);
    };
    service.events.on(name, listener);
    return () => service.events.off(name, listener);
  });
  return () => stops.forEach((stop) => stop());
}
