// Pushing metrics on an interval, for tills that nothing can reach (behind NAT). A push runs
// on its own timer with a time limit, so it never holds up selling or syncing; one that
// fails waits twice as long before the next try (up to 16 intervals), and a clean stop
// pushes once more so the last figures arrive.
import { sleep, type Timers } from '../sync/clock.js';
import { messageOf } from '../../domain/errors.js';
import type { Logger } from '../log/log-port.js';

export interface PushLoopOptions {
  /** Where the figures go, for the log ("the Pushgateway"). */
  name: string;
  /** One push; rejects when it failed. Gets a signal that ends it at the time limit. */
  push(signal: AbortSignal): Promise<void>;
  intervalMs: number;
  timers: Timers;
  logger?: Logger;
  /** The longest one push may take. */
  timeoutMs?: number;
}

export const MAX_BACKOFF_INTERVALS = 16;

export function startPushLoop(options: PushLoopOptions) {
  const { intervalMs, timers, logger } = options;
  const timeoutMs = options.timeoutMs ?? Math.min(10_000, intervalMs);
  const stopping = new AbortController();
  let failures = 0;

  async function pushOnce(): Promise<boolean> {
    const limit = new AbortController();
    const timer = timers.after(timeoutMs, () => limit.abort(), { background: true });
    try {
      await options.push(limit.signal);
      if (failures > 0) logger?.info({ to: options.name }, 'Metrics reach their destination again');
      failures = 0;
      return true;
    } catch (error) {
      failures += 1;
      // Said once when it starts failing, then quietly retried: a log is not a monitor.
      if (failures === 1)
        logger?.warn({ to: options.name, error: messageOf(error) }, 'Pushing metrics failed');
      return false;
    } finally {
      timer.cancel();
    }
  }

  const wait = () => intervalMs * Math.min(2 ** failures, MAX_BACKOFF_INTERVALS);

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      await pushOnce();
      if (!(await sleep(timers, wait(), stopping.signal))) break;
    }
  })();

  return {
    /** Pushes missed since the last success. */
    get failures() {
      return failures;
    },
    /** Stops the loop, then pushes the last figures once. */
    async stop(): Promise<void> {
      stopping.abort();
      await loop;
      await pushOnce();
    },
  };
}
