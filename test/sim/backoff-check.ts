// With a fixed jitter, the backoff of a retried sale is known: after n counted failures a
// sale waits jitter × min(cap, base × 2^(n-1)), or longer for a Retry-After. Judged when the
// same process sends it again under the same wall clock, against the attempt its last
// answer was recorded as, and only while every live process reads that wall clock:
// otherwise a process whose clock is far behind takes the others' next attempts for a
// corrected clock's and sends them as due (db/outbox.ts, farAhead), by design.
import type { TillRecords } from './till-records.js';
import type { SimProcess, World } from './world.js';

/** The last answer a process heard for a sale, and the attempt log's newest entry then. */
export interface HeardFor {
  pid: number;
  wallOffset: number;
  key: string;
  sentAt: number;
  after: number;
}

export function createBackoffCheck(
  world: World,
  backoff: { jitter: number; baseMs: number; capMs: number } | null,
  records: TillRecords,
  flag: (problem: string) => void,
) {
  const oneWallClock = (sender: SimProcess) =>
    world.live().every((other) => other.wallOffset === sender.wallOffset);
  return {
    oneWallClock,
    /** Sale `sale` leaves `process` again under `key`: not before its backoff allowed. */
    check(process: SimProcess, sale: number, heard: HeardFor | null, key: string): void {
      if (!backoff || !heard || heard.key !== key || heard.pid !== process.pid) return;
      if (heard.wallOffset !== process.wallOffset || !oneWallClock(process)) return;
      const entry = records.lastEntryOf(key);
      // The entry of that very attempt (an earlier outcome may be written late, a later one
      // may never be): otherwise nothing to judge.
      if (!entry || entry.id <= heard.after || entry.startedAt !== heard.sentAt) return;
      if (entry.outcome !== 'retry' && entry.outcome !== 'unanswered') return;
      const failures = Math.max(records.attemptsOf(key) ?? 1, 1);
      const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(failures - 1, 40));
      const earliest = entry.startedAt + entry.durationMs + Math.floor(backoff.jitter * ceiling);
      const now = process.clock.now();
      if (now < earliest)
        flag(
          `sale #${sale} was sent again ${earliest - now} ms before its backoff allowed (${failures} failures, attempt log ${records.logOf(key)})`,
        );
    },
  };
}
