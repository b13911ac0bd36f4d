// What the engine tells its screens (the app, the console, the tray, monitoring): its
// status, read only when someone listens; after each change it makes itself, and, at its
// next tick, after another connection (the till's other process, the store) committed:
// the app shows the sales its daemon sent, and a sale recorded from the CLI.
import type { EventEmitter } from 'node:events';
import type { EngineEvents } from './engine-options.js';
import type { SyncStatus } from './status.js';

export function createEngineNews(
  events: EventEmitter<EngineEvents>,
  status: () => SyncStatus,
  dataVersion: () => number,
) {
  let seenVersion = dataVersion();
  function emit(): void {
    if (events.listenerCount('status') > 0) events.emit('status', status());
  }
  return {
    emit,
    /** At a tick: news if another connection committed since this one last looked. */
    followOthers(): void {
      try {
        const version = dataVersion();
        if (version === seenVersion) return;
        emit();
        seenVersion = version;
      } catch {
        // A database that cannot be read now is read again at the next tick.
      }
    },
  };
}
