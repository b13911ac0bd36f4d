// The link state's writes to the sync state row every process reads. A write the disk
// refuses (another process holds the lock, the disk is full) is not dropped: its fields go
// with the next write, or with `flush` (the engine's tick); unless the till's other process
// wrote that fact since: its word is the newer one, and this older one goes (the
// simulation's seed 3770: an error heard before a lock overwrote, after it, the other
// process's later one, and the status named an old error as the last).
import type { SyncState, SyncStateRow } from '../../db/sync-state.js';
import type { StorageGuard } from './storage-guard.js';

type Field = keyof SyncStateRow;

/** Fields that say one thing together: kept whole or dropped whole (no code with another's time). */
const FACTS: readonly Field[][] = [
  ['lastErrorCode', 'lastErrorMessage', 'lastErrorAt'],
  ['pausedReason', 'pausedKeyHash', 'pausedAt'],
  ['keysHonouredAt', 'keysHonouredBaseUrl'],
  ['senderMode', 'senderBaseUrl'],
  ['clockStepMs', 'clockStepAt'],
];
const factOf = (field: Field): readonly Field[] =>
  FACTS.find((fact) => fact.includes(field)) ?? [field];

export function createStateWrites(syncState: SyncState, storage: StorageGuard) {
  /** Fields a refused write left unwritten. */
  let unwritten: Partial<SyncStateRow> = {};
  /** The disk's value of each kept field when its write was refused (absent: unread). */
  const before = new Map<Field, unknown>();

  const onDisk = (): SyncStateRow | undefined => {
    try {
      return syncState.read();
    } catch {
      return undefined;
    }
  };

  /** Drops the kept facts another process has written since (any field of one). */
  function dropOverwritten(carried: Field[]): void {
    const disk = onDisk();
    if (!disk) return; // cannot tell: written as kept
    const stale = carried.filter((field) => before.has(field) && disk[field] !== before.get(field));
    for (const field of stale.flatMap(factOf)) {
      if (!carried.includes(field)) continue; // written now, newer than anything on disk
      delete unwritten[field];
      before.delete(field);
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
      before.clear();
      return true;
    }
    const disk = onDisk();
    for (const field of fresh) {
      if (disk) before.set(field, disk[field]);
      else before.delete(field);
    }
    return false;
  }

  return {
    write,
    /** Writes what waits, if anything; true when it reached the disk now. */
    flush: (): boolean => Object.keys(unwritten).length > 0 && write({}),
  };
}
