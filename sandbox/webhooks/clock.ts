// Time as an input to the webhook dispatcher: it reads `now` and waits with `after`, so a
// test can walk the 27-hour retry schedule without waiting for it.

export interface TimerHandle {
  cancel(): void;
}

export interface WebhookClock {
  /** Wall-clock time, ms since the Unix epoch (it also signs webhook-timestamp). */
  now(): number;
  /** Runs `run` after `ms`; never keeps the process alive. */
  after(ms: number, run: () => void): TimerHandle;
}

export const systemClock: WebhookClock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, Math.max(0, ms));
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};
