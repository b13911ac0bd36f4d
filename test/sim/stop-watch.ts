// A SIGTERM is done within the grace time: requests in flight get it, then every wait is
// cut (main/sync/clock.ts: `within`, and `sleep` ends as the engine's signal aborts), so a
// stop takes the grace time and what the world needs to answer an abort, a moment more,
// unless the process was stopped (SIGSTOP) meanwhile.
import type { World } from './world.js';

/** What an abort takes to be answered in the simulated world (a request's is at once). */
const ABORT_TAKES_MS = 100;

export function createStopWatch(world: World, graceMs: number, flag: (problem: string) => void) {
  return (pid: number, handledAt: number, stalled: boolean): void => {
    const took = world.time - handledAt;
    if (!stalled && took > graceMs + ABORT_TAKES_MS)
      flag(`process ${pid} took ${took} ms to stop on SIGTERM (grace ${graceMs} ms)`);
  };
}
