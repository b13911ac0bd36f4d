// A rate-limited platform sees at most one burst of 429s from a till: once a process has
// been refused for its quota, it reads the rate-limit fields and spaces its requests, so
// no request it sends afterwards is refused for the quota again. Judged while it is the
// only process sending under the key (two share one quota and cannot know of each other),
// and until a person presses Resync (which says "try now").
import type { World } from './world.js';

/** How long a request the network held back may bunch the ones after it at the platform. */
const BUNCHED_FOR_MS = 10_000;

export function createRateWatch(world: World, flag: (problem: string) => void) {
  /** When each process heard the platform refuse it for its quota. */
  const toldAt = new Map<number, number>();
  /** When a request of each process last reached the platform seconds late. */
  const heldBackAt = new Map<number, number>();
  return {
    /** A request of `pid`, sent at `sentAt`, was refused for the quota. */
    refused(pid: number, sentAt: number): void {
      const told = toldAt.get(pid);
      // Requests the till spaced but the network bunched are not the till's doing.
      const bunched = world.time - (heldBackAt.get(pid) ?? -Infinity) < BUNCHED_FOR_MS;
      if (told !== undefined && sentAt > told && world.live().length === 1 && !bunched)
        flag(`process ${pid} met the rate limit again, after it was told at ${told} ms`);
    },
    /** A request of `pid` reached the platform late: the network held it back. */
    heldBack(pid: number): void {
      heldBackAt.set(pid, world.time);
    },
    /** Process `pid` heard that refusal. */
    told(pid: number): void {
      if (!toldAt.has(pid)) toldAt.set(pid, world.time);
    },
    resynced(): void {
      toldAt.clear();
    },
  };
}

export type RateWatch = ReturnType<typeof createRateWatch>;
