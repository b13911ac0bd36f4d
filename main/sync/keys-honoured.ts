// Whether the platform at an address honours idempotency keys, as this process knows it:
// learnt from a replayed answer, or from the disk, where the till's other process wrote
// what it learnt. Once known, no resent sale is ever in doubt (main/sync/doubt-clearing.ts).
import type { SyncState, SyncStateRow } from '../../db/sync-state.js';
import type { Logger } from '../log/log-port.js';

export interface KeysHonouredDeps {
  syncState: SyncState;
  initial: SyncStateRow;
  write: (fields: Partial<SyncStateRow>) => void;
  now: () => number;
  logger: Logger;
  changed: () => void;
}

export function createKeysHonoured(deps: KeysHonouredDeps) {
  const { syncState, write, now, logger, changed } = deps;
  let keysHonouredFor: string | null = deps.initial.keysHonouredAt
    ? deps.initial.keysHonouredBaseUrl
    : null;
  return {
    keysHonoured: (baseUrl: string | undefined) =>
      baseUrl !== undefined && keysHonouredFor === baseUrl,
    /** The platform at this address replayed a stored answer: it honours keys. */
    learnKeysHonoured(baseUrl: string, clearDoubts: () => void): void {
      if (keysHonouredFor === baseUrl) return;
      keysHonouredFor = baseUrl;
      write({ keysHonouredAt: now(), keysHonouredBaseUrl: baseUrl });
      clearDoubts(); // owed until written (main/sync/doubt-clearing.ts)
      logger.info({}, 'The platform honours idempotency keys: a resent sale is never doubled');
      changed();
    },
    /**
     * What the till's other process learnt: the platform at this address honours keys. Read
     * at each pass, so a sender never doubts a sale another has proven cannot be doubled.
     * Returns whether it does, as far as this process now knows.
     */
    followKeysHonoured(baseUrl: string, clearDoubts: () => void): boolean {
      if (keysHonouredFor === baseUrl) return true;
      let state: SyncStateRow;
      try {
        state = syncState.read();
      } catch {
        return false; // a database that cannot be read now is read again at the next pass
      }
      if (state.keysHonouredAt === null || state.keysHonouredBaseUrl !== baseUrl) return false;
      keysHonouredFor = baseUrl;
      clearDoubts();
      changed();
      return true;
    },
  };
}
