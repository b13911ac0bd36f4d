// The checks made after every step of a seed's world: the lease, each sale's claim and
// outbox row, what a process let go of, the queue's figures, a spinning engine, and news
// told at once by a process alone. Each problem is flagged with the world's time.
import type Database from 'better-sqlite3';
import type { Store } from '../../db/store.js';
import type { SyncTuning } from '../../main/config/agent-config.js';
import { createFigureChecks } from './figure-checks.js';
import { createFileVersion } from './file-version.js';
import { createLeaseWatch } from './lease-watch.js';
import { createLetGoWatch } from './let-go-watch.js';
import type { NewsChecks } from './news-checks.js';
import { createOutboxWatch } from './outbox-watch.js';
import { createSendingWatch } from './sending-watch.js';
import type { LivenessMode } from './sim-till.js';
import { createSpinWatch } from './spin-watch.js';
import type { WorldContext } from './world-events.js';

export interface StepCheckOptions {
  checker: Database.Database;
  store: Store;
  tuning: SyncTuning;
  liveness: LivenessMode;
  honoursKeys: boolean;
  news: NewsChecks;
  flag: (problem: string) => void;
}

/** Checks the world after a step of process `pid` (null: the world's own event). */
export function createStepChecks(context: WorldContext, options: StepCheckOptions) {
  const { world, till, platform } = context;
  const { checker, store, tuning, liveness, honoursKeys, news, flag } = options;
  // Read once a step: the checks of rows keep what they read while the file is unchanged.
  const version = createFileVersion(checker);
  const leaseWatch = createLeaseWatch(checker, version, world, liveness, tuning.leaseTtlMs, () =>
    Math.max(context.disturbed.until, till.lastStepAt),
  );
  // A commit of the outcome waits for the engine's next tick at most.
  const sendingWatch = createSendingWatch(
    checker,
    version,
    world,
    tuning.inlineRetryMaxMs + 1000,
    () => context.disturbed.until,
    (pid) => platform.waitedOnBy(pid),
  );
  const letGoWatch = createLetGoWatch(checker, version, world, platform);
  const outboxWatch = createOutboxWatch(checker, version, honoursKeys);
  const figureChecks = createFigureChecks(checker, version, store, tuning);
  const spinWatch = createSpinWatch(world);
  const report = (problem: string | null | undefined) => problem && flag(problem);

  const checkRows = (pid: number | null) => {
    report(leaseWatch());
    report(sendingWatch());
    report(letGoWatch(pid));
    report(outboxWatch());
    report(figureChecks(world.processes.get(pid ?? -1)?.clock.now()));
  };
  // Once the file changed, the rows are read again: in one read transaction, which locks
  // the file once, not once a statement (nothing commits while the checks run).
  const checkRowsTogether = checker.transaction(checkRows);

  return (pid: number | null): void => {
    const before = version.current;
    version.refresh();
    (version.current === before ? checkRows : checkRowsTogether)(pid);
    report(spinWatch());
    const alone = pid !== null && world.live().length === 1 && till.running.get(pid);
    if (alone && !alone.stopping) report(news.toldAtOnce(pid, alone.engine));
  };
}
