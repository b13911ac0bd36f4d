// The events the UI receives, coalesced: however fast sales change (a catch-up drains
// thousands a second), a window gets at most one status and one list of changed sales per
// interval. Both are read at the same moment, so the counts and the rows shown agree.
// Nothing is read while nobody listens.
import { EventEmitter } from 'node:events';
import type { EventPayload } from '../contract/contract.js';
import type { Clock, TimerHandle, Timers } from '../sync/clock.js';

/** A screen is updated at most this often (four times a second). */
export const UI_EVENT_INTERVAL_MS = 250;
/** The newest changed sales an event carries; a screen shows fewer. */
export const SALES_CHANGED_LIMIT = 100;

export interface UiEvents {
  status: [EventPayload<'status'>];
  salesChanged: [EventPayload<'salesChanged'>];
  printer: [EventPayload<'printer'>];
}

export interface UiEventSources {
  clock: Clock;
  timers: Timers;
  readStatus: () => EventPayload<'status'>;
  /** Summaries of these sales, newest first. */
  readSales: (ids: string[]) => EventPayload<'salesChanged'>['sales'];
  /** The printer and its queue (null: this process does not print). */
  readPrinter?: () => EventPayload<'printer'> | null;
  intervalMs?: number;
  onError?: (error: Error) => void;
}

export function createUiEvents(sources: UiEventSources) {
  const events = new EventEmitter<UiEvents>();
  const intervalMs = sources.intervalMs ?? UI_EVENT_INTERVAL_MS;
  const changedSales = new Set<string>();
  let statusChanged = false;
  let printerChanged = false;
  let timer: TimerHandle | undefined;
  let lastFlush = -Infinity;
  let disposed = false;

  function flush(): void {
    timer = undefined;
    lastFlush = sources.clock.monotonic();
    const ids = [...changedSales];
    changedSales.clear();
    const wantStatus = statusChanged || ids.length > 0;
    statusChanged = false;
    const wantPrinter = printerChanged;
    printerChanged = false;
    try {
      const printer = wantPrinter && events.listenerCount('printer') > 0 && sources.readPrinter?.();
      if (printer) events.emit('printer', printer);
      // Both read now; the status goes first, so a screen that reads a list again on a
      // change already shows the counts that go with it.
      const status = wantStatus && events.listenerCount('status') > 0 && sources.readStatus();
      const sales =
        ids.length > 0 && events.listenerCount('salesChanged') > 0 && sources.readSales(ids);
      if (status) events.emit('status', status);
      if (sales)
        events.emit('salesChanged', {
          sales: sales.slice(0, SALES_CHANGED_LIMIT),
          more: sales.length > SALES_CHANGED_LIMIT,
        });
    } catch (error) {
      sources.onError?.(error as Error);
    }
  }

  function schedule(): void {
    if (timer || disposed) return;
    const wait = Math.max(0, lastFlush + intervalMs - sources.clock.monotonic());
    timer = sources.timers.after(wait, flush, { background: true });
  }

  return {
    events,
    /** A sale was recorded, sent, refused, edited or discarded. */
    saleChanged: (saleId: string): void => {
      changedSales.add(saleId);
      schedule();
    },
    /** Something the status shows changed. */
    statusChanged: (): void => {
      statusChanged = true;
      schedule();
    },
    /** A print job was added, printed or failed, or the printer's status changed. */
    printerChanged: (): void => {
      printerChanged = true;
      schedule();
    },
    dispose: (): void => {
      disposed = true;
      timer?.cancel();
    },
  };
}

export type UiEventHub = ReturnType<typeof createUiEvents>;
