// A world that runs on without its time moving: some process spins (passes that end at once
// and wake the next, claims refused and tried again). A working till makes a few hundred
// events in minutes of virtual time; a spinning one makes thousands a second, and would
// run the seed to its cap of events (minutes of real time in a mutation run).
import type { World } from './world.js';

/** Events of the world within which its virtual time must move this far. */
const WINDOW_EVENTS = 10_000;
const WINDOW_MIN_MS = 30_000;

export function createSpinWatch(world: World) {
  let events = 0;
  let since = world.time;
  return (): string | undefined => {
    if (++events % WINDOW_EVENTS !== 0) return undefined;
    const moved = world.time - since;
    since = world.time;
    return moved < WINDOW_MIN_MS
      ? `${WINDOW_EVENTS} events of the world within ${moved} ms: a process spins`
      : undefined;
  };
}
