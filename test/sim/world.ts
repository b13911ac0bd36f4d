// A virtual world for the deterministic simulation: one timeline of events ordered by
// (time, sequence), processes that can crash, stall and have their wall clocks stepped,
// and a seeded random source. Nothing here reads the real clock: one seed, one world.
import type { Clock, TimerHandle, Timers } from '../../main/sync/clock.js';

export { seededRandom } from '../../sandbox/seeded-random.js';

/** Wall-clock time at virtual time 0: 2026-11-21 12:00 UTC. */
export const EPOCH = Date.UTC(2026, 10, 21, 12, 0, 0);

interface Event {
  at: number;
  seq: number;
  pid: number | null;
  cancelled: boolean;
  /** A timer of a process's own that would keep a real process from exiting. */
  keepsAlive: boolean;
  run: () => void;
}

export interface SimProcess {
  pid: number;
  alive: boolean;
  stalledUntil: number;
  wallOffset: number;
  clock: Clock;
  timers: Timers;
}

const flushMicrotasks = () => new Promise<void>((resolve) => setImmediate(resolve));

export class World {
  time = 0;
  private seq = 0;
  private readonly heap: Event[] = [];
  readonly processes = new Map<number, SimProcess>();
  readonly trace: string[] = [];
  private nextPid = 1;

  log(message: string): void {
    const line = `${(this.time / 1000).toFixed(3).padStart(9)}s ${message}`;
    this.trace.push(line);
    if (process.env.SIM_LIVE) console.log(line);
  }

  /** Runs `run` at virtual time `at`, as process `pid` (null: the world itself). */
  schedule(at: number, pid: number | null, run: () => void, keepsAlive = false): TimerHandle {
    const event: Event = {
      at: Math.max(at, this.time),
      seq: this.seq++,
      pid,
      cancelled: false,
      keepsAlive,
      run,
    };
    this.push(event);
    return { cancel: () => void (event.cancelled = true) };
  }

  addProcess(wallOffset: number): SimProcess {
    const pid = this.nextPid++;
    const process: SimProcess = {
      pid,
      alive: true,
      stalledUntil: 0,
      wallOffset,
      clock: {
        now: () => EPOCH + this.time + process.wallOffset,
        monotonic: () => this.time,
      },
      timers: {
        after: (ms, run, options) =>
          this.schedule(this.time + Math.max(0, ms), pid, run, !options?.background),
        // Runs at once, in the next turn: it delays no exit.
        soon: (run) => void this.schedule(this.time, pid, run),
      },
    };
    this.processes.set(pid, process);
    return process;
  }

  /** How many timers process `pid` armed that would keep a real process from exiting. */
  armedTimers(pid: number): number {
    return this.heap.filter((event) => event.pid === pid && event.keepsAlive && !event.cancelled)
      .length;
  }

  live(): SimProcess[] {
    return [...this.processes.values()].filter((p) => p.alive);
  }

  /** Runs the next event (and every promise it settles). False when none is left. */
  async step(): Promise<{ ran: boolean; pid: number | null }> {
    await flushMicrotasks(); // work started outside an event (a process starting) settles first
    for (;;) {
      const event = this.pop();
      if (!event) return { ran: false, pid: null };
      if (event.cancelled) continue;
      this.time = Math.max(this.time, event.at);
      if (event.pid !== null) {
        const owner = this.processes.get(event.pid)!;
        if (!owner.alive) continue;
        if (owner.stalledUntil > this.time) {
          // A stopped process runs nothing until it is continued, then all it was sent in
          // the order it was sent (its first seq), and a timer cancelled meanwhile stays so.
          event.at = owner.stalledUntil;
          this.push(event);
          continue;
        }
      }
      event.run();
      await flushMicrotasks();
      return { ran: true, pid: event.pid };
    }
  }

  /** Runs every event due at or before `at`, then moves the virtual time on to `at`. */
  async runUntil(at: number): Promise<void> {
    while (this.nextEventAt !== undefined && this.nextEventAt <= at) await this.step();
    this.time = Math.max(this.time, at);
  }

  get nextEventAt(): number | undefined {
    return this.heap[0]?.at;
  }

  private before(a: Event, b: Event): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(event: Event): void {
    const heap = this.heap;
    heap.push(event);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private pop(): Event | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && this.before(heap[left]!, heap[smallest]!)) smallest = left;
        if (right < heap.length && this.before(heap[right]!, heap[smallest]!)) smallest = right;
        if (smallest === i) break;
        [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
        i = smallest;
      }
    }
    return top;
  }
}
