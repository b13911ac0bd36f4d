// The contract over Electron IPC. Every call is checked twice: the sender must be our own
// page (not a frame or page from elsewhere), and the input must match the contract (the
// service validates it with zod before anything runs).
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { EVENT_NAMES, METHOD_NAMES, type ContractResult } from '../contract/contract.js';
import type { Service } from '../agent/service.js';
import { APP_ORIGIN } from './app-protocol.js';
import { eventChannel, methodChannel, PRINT_CHANNEL } from './channels.js';
import { said } from '../../domain/i18n/said.js';

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

const REFUSED = said('errors.app.onlyOwnWindow');
const refused: ContractResult<never> = { ok: false, error: { code: 'forbidden', ...REFUSED } };

export function registerIpc(ipcMain: Pick<IpcMain, 'handle'>, service: Service): void {
  for (const method of METHOD_NAMES) {
    ipcMain.handle(methodChannel(method), (event, input: unknown) =>
      isOwnPage(event) ? service.call(method, input) : refused,
    );
  }
}

/**
 * Prints the page that asks (its print area: a receipt or a day's totals) with Electron's
 * printing: silently to the default printer when asked (the automatic print after a sale),
 * else through the system's print dialog.
 */
export function registerPrinting(ipcMain: Pick<IpcMain, 'handle'>): void {
  ipcMain.handle(PRINT_CHANNEL, (event, input: unknown) => {
    if (!isOwnPage(event)) return { ok: false, ...REFUSED };
    const silent =
      typeof input === 'object' && input !== null && 'silent' in input && input.silent === true;
    return new Promise<{ ok: boolean; message?: string }>((resolve) =>
      event.sender.print(
        { silent, printBackground: false, margins: { marginType: 'none' } },
        (success, failureReason) =>
          resolve(success ? { ok: true } : { ok: false, message: failureReason }),
      ),
    );
  });
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
