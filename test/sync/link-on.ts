// A process's link state on a till file, with its own connection (waiting for no lock), as
// the link-state tests build it; closed after each test.
import { afterEach } from 'vitest';
import { openDatabase, type TillDatabase } from '../../db/open.js';
import { createSyncState } from '../../db/sync-state.js';
import { systemClock, type Clock } from '../../main/sync/clock.js';
import { createLinkKnowledge } from '../../main/sync/link-state.js';
import { createStorageGuard } from '../../main/sync/storage-guard.js';

export const quiet = { info() {}, warn() {}, error() {} };
export const open: Array<{ close(): void }> = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

export function linkOn(file: string, clock: Clock = systemClock) {
  const database: TillDatabase = openDatabase(file, { busyTimeoutMs: 0 });
  open.push(database);
  const syncState = createSyncState(database);
  const storage = createStorageGuard(quiet, clock.now, () => {});
  const told = { changes: 0 };
  const link = createLinkKnowledge(syncState, storage, quiet, clock, () => (told.changes += 1));
  return { link, read: () => syncState.read(), storage, told };
}
