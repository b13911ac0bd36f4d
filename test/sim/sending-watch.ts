// What "sending" means to a person reading the till's counts, watched after every step: a sale is shown as sending only while its request is on the wire, or while it
// waits in place for a retry a few seconds away (the pass's own, up to `inlineRetryMaxMs`).
// A sale told to wait longer (a Retry-After of minutes, an outage) goes back to the queue,
// as waiting; one left "sending" would say the till is busy when it waits. Its pass may
// hold it while it waits for other answers, or a disk refuses to write it back.
import type Database from 'better-sqlite3';
import { keptWhileUnchanged, type FileVersion } from './file-version.js';
import type { World } from './world.js';

interface SendingRow {
  key: string;
  owner: string | null;
}

export function createSendingWatch(
  checker: Database.Database,
  version: FileVersion,
  world: World,
  /** How long a sale may sit between requests and still be "sending". */
  waitInPlaceMs: number,
  /** Until when a disk refused writes (the outcome waits for it, rightly). */
  disturbedUntil: () => number,
  /** Whether a process waits for an answer (its pass, and the sales it holds, go on). */
  waiting: (pid: number) => boolean,
) {
  const betweenRequests = checker.prepare(
    `select idempotency_key as key, claim_owner as owner from outbox
     where state = 'sending' and in_flight_at is null`,
  );
  const between = keptWhileUnchanged(version, () => betweenRequests.all() as SendingRow[]);
  /** Since when each sale has been "sending" with no request on the wire. */
  const idleSince = new Map<string, number>();
  /** The sales whose pass was waiting for an answer at the last step. */
  const waitedAt = new Map<string, number>();
  return (): string | null => {
    const rows = between();
    const now = world.time;
    const seen = new Set<string>();
    let problem: string | null = null;
    for (const { key, owner } of rows) {
      // A dead sender's sale waits for the next one to take it back (the lease watch's).
      const process = world.processes.get(Number(owner?.split('#')[1]));
      if (!process?.alive) continue;
      seen.add(key);
      // A pass waiting for another sale's answer hands this one back when it ends: the idle
      // time counts from the step that saw the wait over (that answer's), not the last one
      // that saw it under way.
      const waits = waiting(process.pid);
      const waitEnded = !waits && waitedAt.get(key) !== undefined;
      if (waits) waitedAt.set(key, now);
      else waitedAt.delete(key);
      const since = waits || waitEnded ? now : (idleSince.get(key) ?? now);
      idleSince.set(key, since);
      // A stopped process, or a disk that refuses the outcome, holds the sale rightly.
      const from = Math.max(since, disturbedUntil(), process.stalledUntil);
      if (now - from > waitInPlaceMs)
        problem ??= `a sale (key ${key}) has been "sending" for ${now - since} ms with nothing on the wire`;
    }
    for (const key of idleSince.keys())
      if (!seen.has(key)) {
        idleSince.delete(key);
        waitedAt.delete(key);
      }
    return problem;
  };
}
