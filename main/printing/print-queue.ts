// The print queue: works off the store's print jobs in order, one at a time, in the
// background. A sale never waits for it: the job was written with the sale, and a printer
// that is off, out of paper or unreachable only makes the queue try again later (backoff
// with jitter), while the Till screen says how many are waiting. A job is marked printed
// only when the printer took all of it and did not report a problem right after.
import type { PrintJobRow, PrintJobs } from '../../db/print-jobs.js';
import type { PrinterStatus } from '../../domain/printer-status.js';
import { english } from '../../domain/i18n/messages.js';
import { printerBlockedKey } from '../../domain/printer-status.js';
import type { Result, Said } from '../../domain/result.js';
import type { Logger } from '../log/log-port.js';
import { fullJitterDelay } from '../sync/backoff.js';
import { createSingleFlight } from '../sync/single-flight.js';
import type { Clock, TimerHandle, Timers } from '../sync/clock.js';

/** What the queue knows of the printer, for the Till screen and `tillsync printer status`. */
export interface PrinterState {
  /** ready: the last job or status read went through; problem: it did not; unknown: not tried. */
  condition: 'unknown' | 'ready' | 'problem';
  /** Why the last try failed, in a cashier's words (English: the log's and the job's record). */
  problem: string | null;
  /** The problem's catalog key, so a screen can say it in the till's language. */
  problemSay: Said | null;
  /** The printer's last real-time status (null: not read, or the transport cannot). */
  status: PrinterStatus | null;
  /** Monotonic ms until the next try, when one is scheduled. */
  retryInMs: number | null;
}

export interface PrintQueueOptions {
  jobs: () => Pick<
    PrintJobs,
    'claimPrintJob' | 'markPrinted' | 'markPrintFailed' | 'cancelPrintJob'
  >;
  /** The job's bytes; a problem when there is nothing left to print (a sale no longer here). */
  render: (job: PrintJobRow) => Result<Uint8Array> | Promise<Result<Uint8Array>>;
  /** Sends to the printer; its status after, or why it did not take the job. */
  send: (bytes: Uint8Array) => Promise<Result<PrinterStatus | null>>;
  /** This process, for the job's claim. */
  owner: string;
  clock: Clock;
  timers: Timers;
  retry?: { baseMs: number; capMs: number };
  /** How long a claimed job is this process's before another may take it. */
  claimTtlMs?: number;
  random?: () => number;
  logger?: Logger;
  /** Told after every job printed or failed (the UI's "receipts waiting"). */
  onChange?: () => void;
}

const DEFAULT_RETRY = { baseMs: 2000, capMs: 60_000 };
/** Never sooner than this after a failure: a printer that is off stays off for a moment. */
const MIN_RETRY_MS = 1000;

export function createPrintQueue(options: PrintQueueOptions) {
  const { clock, timers, owner } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const claimTtlMs = options.claimTtlMs ?? 120_000;
  let failures = 0;
  let retryTimer: TimerHandle | undefined;
  let retryAt: number | null = null;
  let stopped = false;
  const state: Omit<PrinterState, 'retryInMs'> = {
    condition: 'unknown',
    problem: null,
    problemSay: null,
    status: null,
  };
  const cleared = { condition: 'ready', problem: null, problemSay: null } as const;

  function scheduleRetry(): void {
    const delay = Math.max(
      MIN_RETRY_MS,
      fullJitterDelay(failures, retry.baseMs, retry.capMs, options.random),
    );
    retryAt = clock.monotonic() + delay;
    retryTimer = timers.after(
      delay,
      () => {
        retryTimer = undefined;
        retryAt = null;
        void flight.start();
      },
      { background: true },
    );
  }

  /** One job: printed, or failed (and the queue stops until its retry). */
  async function printOne(job: PrintJobRow): Promise<boolean> {
    const jobs = options.jobs();
    const bytes = await options.render(job);
    if (!bytes.ok) {
      // Nothing to print any more (not the printer's fault): the job is dropped, said in the log.
      options.logger?.warn({ job: job.id, problem: bytes.error.message }, 'Print job dropped');
      jobs.markPrintFailed(job.id, owner, bytes.error.message);
      jobs.cancelPrintJob(job.id, clock.now());
      return true;
    }
    const sent = await options.send(bytes.value);
    const blocked = sent.ok && sent.value ? printerBlockedKey(sent.value) : null;
    if (sent.ok) state.status = sent.value;
    if (sent.ok && !blocked) {
      jobs.markPrinted(job.id, owner, clock.now());
      options.logger?.info({ job: job.id, kind: job.kind, drawer: job.openDrawer }, 'Printed');
      Object.assign(state, cleared);
      failures = 0;
      return true;
    }
    const said = sent.ok ? { message: english.t(blocked!), say: { key: blocked! } } : sent.error;
    const problem = said.message;
    jobs.markPrintFailed(job.id, owner, problem);
    options.logger?.warn({ job: job.id, problem }, 'Printing failed; will try again');
    Object.assign(state, { condition: 'problem', problem, problemSay: said.say ?? null });
    failures += 1;
    return false;
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      const job = options.jobs().claimPrintJob(owner, clock.now(), claimTtlMs);
      if (!job) return;
      const printed = await printOne(job);
      options.onChange?.();
      if (!printed) {
        if (!stopped) scheduleRetry();
        return;
      }
    }
  }

  const flight = createSingleFlight(drain, () => stopped);

  return {
    /** A job was added: print it now unless the queue is waiting to try again. */
    kick(): void {
      // In the next turn: the caller (a sale just written) goes on at once.
      timers.soon(() => {
        if (!stopped && !retryTimer) void flight.start();
      });
    },
    /** Try now, even while waiting to try again (a person pressed Retry, a printer came back). */
    retryNow(): Promise<void> {
      retryTimer?.cancel();
      retryTimer = undefined;
      retryAt = null;
      failures = 0;
      return stopped ? Promise.resolve() : flight.fresh();
    },
    state: (): PrinterState => ({
      ...state,
      retryInMs: retryAt === null ? null : Math.max(0, retryAt - clock.monotonic()),
    }),
    /** Remembers a status read outside a job (`printer status`, the test page). */
    noteStatus(
      status: PrinterStatus | null,
      problem: { message: string; say?: Said } | null,
    ): void {
      state.status = status;
      Object.assign(
        state,
        problem
          ? { condition: 'problem', problem: problem.message, problemSay: problem.say ?? null }
          : cleared,
      );
    },
    /** Stops trying; a job being sent finishes (it is marked as it ends). */
    async stop(): Promise<void> {
      stopped = true;
      retryTimer?.cancel();
      retryTimer = undefined;
      await flight.current;
    },
  };
}

export type PrintQueue = ReturnType<typeof createPrintQueue>;
