// When the engine drains: a regular tick (polling while online, probing more often while
// offline), a wake-up for the next due sale when it comes before the tick, and a short
// debounce after a sale is recorded, so a burst of sales starts one pass. All on the
// injected timers, so a test or the simulation steps them.
import type { TimerHandle, Timers } from './clock.js';

export interface SchedulerDeps {
  timers: Timers;
  /** Monotonic milliseconds: when the armed tick comes. */
  monotonic: () => number;
  /** Milliseconds between ticks now. */
  tickEveryMs: () => number;
  debounceMs: () => number;
  /** What a tick does: the engine notices resync requests and drains what is due. */
  tick: () => Promise<void>;
  drain: () => void;
  /** Milliseconds until the next sale is due (0: due now), or null when none waits. */
  nextDueInMs: () => number | null;
  onTickError: (error: Error) => void;
}

export function createScheduler(deps: SchedulerDeps) {
  const timer: Partial<Record<'debounce' | 'tick' | 'wake', TimerHandle>> = {};
  let started = false;
  let stopped = false;
  /** When the armed tick comes (monotonic); null while a tick runs. */
  let tickAt: number | null = null;

  function scheduleTick(): void {
    if (stopped) return;
    const every = deps.tickEveryMs();
    tickAt = deps.monotonic() + every;
    timer.tick = deps.timers.after(every, () => {
      tickAt = null;
      deps.tick().catch(deps.onTickError).finally(scheduleTick);
    });
  }

  return {
    start(): void {
      if (started || stopped) return;
      started = true;
      scheduleTick();
    },
    /**
     * After a pass: wake when the next sale is due. Ticks alone would send it up to a poll
     * interval late (a tick just before it is due finds nothing to do).
     */
    wakeForNextDue(): void {
      timer.wake?.cancel();
      if (!started || stopped) return; // timers belong to a started engine only
      const delay = deps.nextDueInMs();
      if (delay === null) return;
      timer.wake = deps.timers.after(delay + 5, deps.drain, { background: true });
    },
    /**
     * A sale was just recorded: drain soon, once for a burst of sales. Counted from the
     * burst's first sale, not pushed back by each: a till selling faster than the debounce
     * would otherwise send nothing until the next tick.
     */
    saleRecorded(): void {
      if (stopped || timer.debounce) return;
      timer.debounce = deps.timers.after(
        deps.debounceMs(),
        () => {
          timer.debounce = undefined;
          deps.drain();
        },
        { background: true },
      );
    },
    /**
     * The cadence may have shortened (the link went offline: probe more often). A tick armed
     * at the old one would leave a till offline for a poll interval after the platform came back.
     */
    tickSooner(): void {
      if (tickAt === null || stopped) return;
      if (tickAt - deps.monotonic() <= deps.tickEveryMs()) return;
      timer.tick?.cancel();
      scheduleTick();
    },
    stop(): void {
      stopped = true;
      for (const handle of Object.values(timer)) handle?.cancel();
    },
  };
}
