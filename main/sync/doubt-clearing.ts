// Once the platform is known to honour idempotency keys no sale can be on it twice, so the
// "may be doubled" flags go (db/outbox.ts, keysHonoured). The clear is owed until a write of
// it commits: a full, locked or read-only disk refuses it, and it is tried again at each
// tick. And it is queued behind every outcome already decided: an outcome decided before the
// platform was known, written late (kept by a refused write), would flag its sale again.
import type { OutboxQueries } from '../../db/outbox.js';
import type { Clock } from './clock.js';
import type { CommitQueue } from './commit-queue.js';
import type { OutcomeWriter } from './outcome-writer.js';
import type { StorageGuard } from './storage-guard.js';

export interface DoubtClearingDeps {
  outbox: Pick<OutboxQueries, 'keysHonoured'>;
  commits: CommitQueue;
  outcomes: Pick<OutcomeWriter, 'blocked'>;
  storage: StorageGuard;
  clock: Clock;
}

const WHAT = 'the sync state';

/** `owedAtStart`: the till's file already says the platform honours keys. */
export function createDoubtClearing(deps: DoubtClearingDeps, owedAtStart: boolean) {
  // Each owing bumps `owed`; a clear committed after it was asked settles that one.
  let owed = owedAtStart ? 1 : 0;
  let cleared = 0;
  let queued = false;

  function settle(): void {
    if (cleared === owed || queued || deps.outcomes.blocked) return;
    const asked = owed;
    queued = true;
    deps.commits
      .write(() => deps.outbox.keysHonoured(deps.clock.now()))
      .then(
        () => {
          queued = false;
          cleared = asked;
          deps.storage.succeeded();
          settle(); // owed again meanwhile: behind the outcomes queued since
        },
        (error: unknown) => {
          queued = false;
          deps.storage.failed(WHAT, error); // owed still: tried again at the next tick
        },
      );
  }

  /** The platform proved it honours keys (or another process said so): clear the flags. */
  function owe(): void {
    owed += 1;
    settle();
  }

  /** `settle`: clears what is owed, once no outcome decided before waits to be written. */
  return { owe, settle };
}

export type DoubtClearing = ReturnType<typeof createDoubtClearing>;
