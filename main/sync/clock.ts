// Time as an input. The engine waits and schedules with the monotonic clock and timers
// it is given; wall time (`now`) is only stored for people and compared with guards.
// Tests and the simulation pass a virtual clock; production passes these.

export interface Clock {
  /** Wall-clock time, ms since the Unix epoch: stored and shown, may step. */
  now: () => number;
  /** Monotonic time in ms: for every wait and every lease deadline. Never steps. */
  monotonic: () => number;
}

export interface TimerHandle {
  cancel(): void;
}

export interface Timers {
  /** Runs `run` after `ms` of monotonic time. `background`: does not keep the process alive. */
  after(ms: number, run: () => void, options?: { background?: boolean }): TimerHandle;
  /** Runs `run` once the work of this turn is done (before any timer). */
  soon(run: () => void): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
};

export const systemTimers: Timers = {
  after(ms, run, options) {
    const timer = setTimeout(run, Math.max(0, ms));
    if (options?.background) timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
  soon: (run) => void setImmediate(run),
};

/** Waits `ms` on the given timers; resolves early (false) when the signal aborts. */
export function sleep(timers: Timers, ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      handle.cancel();
      resolve(false);
    };
    const handle = timers.after(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits for `work`; false when the signal aborts first (true when the work settled). */
export function untilAborted(work: Promise<unknown>, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
    const settled = () => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    };
    work.then(settled, settled);
  });
}

/** Waits for `work` (when there is any), but no longer than `ms` on the given timers. */
export async function within(
  timers: Timers,
  work: Promise<unknown> | undefined,
  ms: number,
): Promise<void> {
  let handle: TimerHandle | undefined;
  const limit = new Promise<void>((resolve) => {
    handle = timers.after(ms, resolve, { background: true });
  });
  await Promise.race([work, limit]);
  handle?.cancel();
}
