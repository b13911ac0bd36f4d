// The link state's writes to the sync state row every process reads. A write the disk
// refuses (another process holds the lock, the disk is full) is not dropped: its fields go
// with the next write, or with `flush` (the engine's tick); unless the till's other process
// wrote any of them since: its word is the newer one, and the whole refused write, older
// news, goes (the simulation's seed 3770: an error heard before a lock overwrote, after it,
// the other process's later one, and the status named an old error as the last).
import type { SyncState, SyncStateRow } from '../../db/sync-state.js';
import type { StorageGuard } from './storage-guard.js';

type Field = keyof SyncStateRow;

/** A field a refused write kept: which write it came with, and the disk's value then. */
interface Kept {
  write: number;
  before: { value: unknown } | null; // null: the disk could not be read then
}

export function createStateWrites(syncState: SyncState, storage: StorageGuard) {
  /** Fields a refused write left unwritten. */
  let unwritten: Partial<SyncStateRow> = {};
  const kept = new Map<Field, Kept>();
  let writes = 0;

  const onDisk = (): SyncStateRow | undefined => {
    try {
      return syncState.read();
    } catch {
      return undefined;
    }
  };

  /** Drops the refused writes another process has overwritten since (any field of one). */
  function dropOverwritten(carried: Field[]): void {
    const disk = onDisk();
    if (!disk) return; // cannot tell: written as kept
    const stale = new Set<number>();
    for (const field of carried) {
      const entry = kept.get(field);
      if (entry?.before && disk[field] !== entry.before.value) stale.add(entry.write);
    }
    for (const field of carried) {
      if (!stale.has(kept.get(field)?.write ?? -1)) continue;
      delete unwritten[field];
      kept.delete(field);
    }
  }

  /** Writes these fields and what waits; whether it reached the disk. */
  function write(fields: Partial<SyncStateRow>): boolean {
    const fresh = Object.keys(fields) as Field[];
    const carried = (Object.keys(unwritten) as Field[]).filter((field) => !(field in fields));
    if (carried.length > 0) dropOverwritten(carried);
    const all = { ...unwritten, ...fields };
    const done = storage.attempt('the sync state', () => syncState.update(all));
    unwritten = done.ok ? {} : all;
    if (done.ok) {
      kept.clear();
      return true;
    }
    const disk = onDisk();
    writes += 1;
    for (const field of fresh)
      kept.set(field, { write: writes, before: disk ? { value: disk[field] } : null });
    return false;
  }

  return {
    write,
    /** Writes what waits, if anything; true when it reached the disk now. */
    flush: (): boolean => Object.keys(unwritten).length > 0 && write({}),
  };
}
