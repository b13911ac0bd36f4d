// The print queue's rows: jobs added in the same transaction as what they print, claimed
// by one process at a time, marked printed only once the printer took all of it. Nothing
// here talks to a printer (main/printing/print-queue.ts does).
import type { NewPrintJob, PrintJobKind, PrintJobView } from '../domain/print-jobs.js';
import { returnLabel } from '../domain/returns.js';
import { fail, ok, type Result } from '../domain/result.js';
import type { TillDatabase } from './open.js';
import { said } from '../domain/i18n/said.js';

/** A job as the queue prints it. */
export interface PrintJobRow {
  id: number;
  kind: PrintJobKind;
  ref: string | null;
  lines: string[] | null;
  openDrawer: boolean;
  reason: string | null;
  attempts: number;
  createdAt: number;
}

interface StoredJob {
  id: number;
  kind: PrintJobKind;
  ref: string | null;
  lines: string | null;
  open_drawer: number;
  reason: string | null;
  state: PrintJobView['state'];
  attempts: number;
  last_problem: string | null;
  created_at: number;
  receipt_number: number | null;
  return_number: number | null;
}

const rowOf = (job: StoredJob): PrintJobRow => ({
  id: job.id,
  kind: job.kind,
  ref: job.ref,
  lines: job.lines === null ? null : (JSON.parse(job.lines) as string[]),
  openDrawer: job.open_drawer === 1,
  reason: job.reason,
  attempts: job.attempts,
  createdAt: job.created_at,
});

/** What a person calls a job. */
function labelOf(job: StoredJob): string {
  switch (job.kind) {
    case 'receipt':
      return job.receipt_number === null ? 'Receipt' : `Receipt #${job.receipt_number}`;
    case 'refund':
      return job.return_number === null ? 'Refund' : `Refund ${returnLabel(job.return_number)}`;
    case 'report':
      return job.reason ?? 'Report';
    case 'drawer':
      return job.reason ? `Open the drawer (${job.reason})` : 'Open the drawer';
    case 'test':
      return 'Test page';
  }
}

// The sale's receipt number and the return's, for the label; archived sales have none here.
const SELECT_JOBS = `
  select j.*, s.receipt_number, r.return_number from print_jobs j
  left join sales s on j.kind = 'receipt' and s.id = j.ref
  left join returns r on j.kind = 'refund' and r.id = j.ref`;

export function createPrintJobs({ sqlite }: TillDatabase) {
  const insert = sqlite.prepare(
    `insert into print_jobs (kind, ref, lines, open_drawer, reason, created_at)
     values (@kind, @ref, @lines, @openDrawer, @reason, @createdAt)`,
  );
  const waitingJobs = sqlite.prepare(`${SELECT_JOBS} where j.state = 'waiting' order by j.id`);
  const recentJobs = sqlite.prepare(`${SELECT_JOBS} order by j.id desc limit ?`);
  const nextFree = sqlite.prepare(
    `${SELECT_JOBS} where j.state = 'waiting'
       and (j.claimed_until is null or j.claimed_until < @now or j.claimed_by = @owner)
     order by j.id limit 1`,
  );
  const claim = sqlite.prepare(
    `update print_jobs set claimed_by = @owner, claimed_until = @until where id = @id`,
  );
  const printed = sqlite.prepare(
    `update print_jobs set state = 'printed', done_at = @now, attempts = attempts + 1,
       last_problem = null, claimed_by = null, claimed_until = null
     where id = @id and state = 'waiting' and claimed_by = @owner`,
  );
  const failed = sqlite.prepare(
    `update print_jobs set attempts = attempts + 1, last_problem = @problem,
       claimed_by = null, claimed_until = null
     where id = @id and claimed_by = @owner`,
  );
  const cancelOne = sqlite.prepare(
    `update print_jobs set state = 'cancelled', done_at = @now, claimed_by = null,
       claimed_until = null where id = @id and state = 'waiting'`,
  );
  const stateOf = sqlite.prepare(`select state from print_jobs where id = ?`);
  const pruneDone = sqlite.prepare(
    `delete from print_jobs where state != 'waiting' and done_at < ?`,
  );

  /** Adds a job; inside the caller's transaction when it has one. */
  function add(job: NewPrintJob, now: number): number {
    const result = insert.run({
      kind: job.kind,
      ref: job.ref ?? null,
      lines: job.lines ? JSON.stringify(job.lines) : null,
      openDrawer: job.openDrawer ? 1 : 0,
      reason: job.reason ?? null,
      createdAt: now,
    });
    return Number(result.lastInsertRowid);
  }

  const viewOf = (job: StoredJob): PrintJobView => ({
    id: job.id,
    kind: job.kind,
    ref: job.ref,
    label: labelOf(job),
    openDrawer: job.open_drawer === 1,
    state: job.state,
    attempts: job.attempts,
    lastProblem: job.last_problem,
    createdAt: job.created_at,
  });

  /** Takes the oldest waiting job nobody else holds, for `ttlMs`; null when there is none. */
  const claimNext = sqlite.transaction((owner: string, now: number, ttlMs: number) => {
    const job = nextFree.get({ owner, now }) as StoredJob | undefined;
    if (!job) return null;
    claim.run({ owner, until: now + ttlMs, id: job.id });
    return rowOf(job);
  });

  return {
    addPrintJob: add,
    /** Jobs still to print, oldest first. */
    waitingPrintJobs: () => (waitingJobs.all() as StoredJob[]).map(viewOf),
    /** The newest jobs whatever their state (the printer's history). */
    recentPrintJobs: (limit = 20) => (recentJobs.all(limit) as StoredJob[]).map(viewOf),
    claimPrintJob: (owner: string, now: number, ttlMs: number): PrintJobRow | null =>
      claimNext.immediate(owner, now, ttlMs),
    /** The printer took all of it; false when the job was cancelled meanwhile. */
    markPrinted: (id: number, owner: string, now: number) =>
      printed.run({ id, owner, now }).changes === 1,
    /** Not printed this time: counted, with why, and free for the next try. */
    markPrintFailed: (id: number, owner: string, problem: string) =>
      void failed.run({ id, owner, problem }),
    /** Forgets jobs printed or cancelled before `before` (wall ms); how many went. */
    prunePrintJobs: (before: number) => pruneDone.run(before).changes,
    /** A person gave up on a waiting job. */
    cancelPrintJob(id: number, now: number): Result<void> {
      if (cancelOne.run({ id, now }).changes === 1) return ok(undefined);
      const row = stateOf.get(id) as { state: string } | undefined;
      return fail({
        code: row ? 'not_waiting' : 'not_found',
        ...(row
          ? said('store.printJobNotWaiting', { id, state: row.state })
          : said('store.noPrintJob', { id })),
      });
    },
  };
}

export type PrintJobs = ReturnType<typeof createPrintJobs>;
