// Outcomes are written the moment the answer arrives, before anything else about it (in
// the group commit of that turn). If the database refuses (disk full, busy), the outcome
// is kept in memory, in order, and written again on a timer; the engine claims nothing
// more until they are all written, so a 201 is never lost to a storage fault. (If the
// process dies first, the row still says a request was on the wire: the sale is sent
// again with the same key and body, and flagged.)
import type { Fence, OutboxQueries, OutcomeWrite } from '../../db/outbox.js';
import type { Clock, TimerHandle, Timers } from './clock.js';
import type { CommitQueue } from './commit-queue.js';
import type { StorageGuard } from './storage-guard.js';

const RETRY_EVERY_MS = 1000;
const WHAT = 'a sync outcome';

export function createOutcomeWriter(
  outbox: OutboxQueries,
  commits: CommitQueue,
  storage: StorageGuard,
  clock: Clock,
  timers: Timers,
) {
  const waiting: Array<{ write: OutcomeWrite; fence: Fence }> = [];
  let retry: TimerHandle | undefined;
  let disposed = false;

  /** Writes what is waiting, oldest first; true when nothing is left. */
  function flush(): boolean {
    while (waiting.length > 0) {
      const next = waiting[0]!;
      const done = storage.attempt(WHAT, () => outbox.finish(next.write, next.fence, clock.now()));
      if (!done.ok) {
        scheduleRetry();
        return false;
      }
      waiting.shift();
    }
    return true;
  }

  function scheduleRetry(): void {
    if (retry || disposed) return;
    retry = timers.after(
      RETRY_EVERY_MS,
      () => {
        retry = undefined;
        flush();
      },
      { background: true },
    );
  }

  return {
    /** Writes an outcome in this turn's commit, or keeps it for later if that fails. */
    write(write: OutcomeWrite, fence: Fence): Promise<void> {
      if (waiting.length > 0) {
        waiting.push({ write, fence }); // behind the ones already waiting, in order
        flush();
        return Promise.resolve();
      }
      return commits
        .write(() => outbox.finishRow(write, fence, clock.now()))
        .then(
          () => storage.succeeded(),
          (error: unknown) => {
            storage.failed(WHAT, error);
            waiting.push({ write, fence });
            scheduleRetry();
          },
        );
    },
    /** Whether outcomes are still waiting to be written. */
    get blocked() {
      return waiting.length > 0;
    },
    flush,
    /** Stops retrying (the engine is closing its database). */
    dispose(): void {
      disposed = true;
      retry?.cancel();
    },
  };
}

export type OutcomeWriter = ReturnType<typeof createOutcomeWriter>;
