// The link state's writes to the sync state row every process reads. A write the disk
// refuses (another process holds the lock, the disk is full) is not dropped: its fields go
// with the next write, or with `flush` (the engine's tick).
import type { SyncState, SyncStateRow } from '../../db/sync-state.js';
import type { StorageGuard } from './storage-guard.js';

export function createStateWrites(syncState: SyncState, storage: StorageGuard) {
  /** Fields a refused write left unwritten. */
  let unwritten: Partial<SyncStateRow> = {};

  /** Writes these fields and what waits; whether it reached the disk. */
  function write(fields: Partial<SyncStateRow>): boolean {
    const all = { ...unwritten, ...fields };
    const done = storage.attempt('the sync state', () => syncState.update(all));
    unwritten = done.ok ? {} : all;
    return done.ok;
  }

  return {
    write,
    /** Writes what waits, if anything; true when it reached the disk now. */
    flush: (): boolean => Object.keys(unwritten).length > 0 && write({}),
  };
}
