// The queue's figures a process reports (its status: counts per state, sales that may be
// doubled, stale ones, the oldest waiting and the next attempt), counted again from the
// till's own rows on the reporting process's clock. Checked after the steps that changed
// the file, for a process that just ran: what a person reads of the queue is its rows.
import type Database from 'better-sqlite3';
import { oneRead } from '../../db/one-read.js';
import { createQueueFigures } from '../../db/queue-figures.js';
import type { Store } from '../../db/store.js';
import type { SyncTuning } from '../../main/config/agent-config.js';
import { longestWaitMs } from '../../main/sync/decide.js';
import { queueFigures } from '../../main/sync/status.js';
import type { FileVersion } from './file-version.js';

interface Figures {
  uncertain: number;
  stale: number;
  oldestPendingAt: number | null;
  nextAttemptAt: number | null;
}

/** `store`: the till's store, whose queries read the figures as every process does. */
export function createFigureChecks(
  checker: Database.Database,
  version: FileVersion,
  store: Store,
  tuning: SyncTuning,
) {
  // Written out again, not taken from db/: the figures must be what the rows say.
  const figures = checker.prepare(
    `select
       (select count(*) from outbox where uncertain = 1 and state <> 'discarded') as uncertain,
       (select count(*) from outbox where state in ('pending', 'sending')
          and created_at < @now - @staleAfter) as stale,
       (select min(created_at) from outbox where state in ('pending', 'sending')) as oldestPendingAt,
       (select min(case when next_attempt_at > @now + @longest then @now else next_attempt_at end)
          from outbox where state = 'pending') as nextAttemptAt`,
  );
  const perState = checker.prepare('select state, count(*) as n from outbox group by state');
  const outbox = createQueueFigures(store.database);
  const inOneRead = oneRead(store.database);
  /** What the till tells, read as its status reads it (db/one-read.ts). */
  const told = (now: number) =>
    inOneRead(() => ({ figures: queueFigures(outbox, tuning, now), counts: store.countByState() }));
  const longest = longestWaitMs(tuning);
  let seen: unknown;

  /** After a step of a process reading this wall clock: what its figures get wrong, if anything. */
  return (now: number | undefined): string | undefined => {
    if (now === undefined || version.current === seen) return undefined;
    seen = version.current;
    const rows = figures.get({ now, staleAfter: tuning.staleAfterMs, longest }) as Figures;
    const { figures: reported, counts } = told(now);
    for (const figure of ['uncertain', 'stale', 'oldestPendingAt', 'nextAttemptAt'] as const)
      if (reported[figure] !== rows[figure])
        return `the till reports ${figure} ${reported[figure]}, its rows say ${rows[figure]}`;
    const states = perState.all() as Array<{ state: keyof typeof counts; n: number }>;
    const byState = new Map(states.map((row) => [row.state, row.n]));
    for (const [state, n] of Object.entries(counts))
      if (n !== (byState.get(state as keyof typeof counts) ?? 0))
        return `the till counts ${n} sales ${state}, its rows ${byState.get(state as keyof typeof counts) ?? 0}`;
    return undefined;
  };
}
