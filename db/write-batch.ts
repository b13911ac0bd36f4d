// Writes grouped into one transaction: operations queued during one turn of the event
// loop are committed together on the next, instead of one commit each. For writes that
// may be lost without harm only (the sync engine's: a lost outcome means the sale is
// sent again with the same idempotency key). A failed commit is retried, never dropped.
import type Database from 'better-sqlite3';

const RETRY_AFTER_FAILURE_MS = 1000;

export function createWriteBatch(
  sqlite: Database.Database,
  onError: (error: Error) => void = () => {},
) {
  let queue: Array<() => void> = [];
  let scheduled: NodeJS.Immediate | NodeJS.Timeout | undefined;
  const commit = sqlite.transaction((operations: Array<() => void>) => {
    for (const operation of operations) operation();
  });

  function flush(): void {
    clearImmediate(scheduled as NodeJS.Immediate);
    clearTimeout(scheduled as NodeJS.Timeout);
    scheduled = undefined;
    if (queue.length === 0) return;
    const operations = queue;
    queue = [];
    try {
      commit.immediate(operations);
    } catch (error) {
      queue = [...operations, ...queue];
      onError(error as Error);
      scheduled = setTimeout(flush, RETRY_AFTER_FAILURE_MS);
    }
  }

  return {
    add(operation: () => void): void {
      queue.push(operation);
      scheduled ??= setImmediate(flush);
    },
    /** Commits what is queued now (before reading figures, and before closing). */
    flush,
  };
}
