// A rate-limited platform sees at most one burst of 429s from a till: once a process has
// been refused for its quota, it reads the rate-limit fields and spaces its requests, so
// no request it sends afterwards is refused for the quota again. Judged while it is the
// only process sending under the key (two share one quota and cannot know of each other),
// and until a person presses Resync (which says "try now").
import type { World } from './world.js';

export function createRateWatch(world: World, flag: (problem: string) => void) {
  /** When each process heard the platform refuse it for its quota. */
  const toldAt = new Map<number, number>();
  return {
    /** A request of `pid`, sent at `sentAt`, was refused for the quota. */
    refused(pid: number, sentAt: number): void {
      const told = toldAt.get(pid);
      if (told !== undefined && sentAt > told && world.live().length === 1)
        flag(`process ${pid} met the rate limit again, after it was told at ${told} ms`);
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
