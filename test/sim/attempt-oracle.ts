// Checked at the platform, request by request: a process sends a sale only once every
// answer it has heard for a sale is in its attempt log (as what it decided, or as fenced).
// The outcome of a send is written before anything else; if the disk refuses it, the
// outcome waits in memory and the process claims nothing more until it is written, so a
// 201 is never lost to a storage fault (main/sync/outcome-writer.ts). A person's key check
// is not the queue's, and goes out whatever waits. Under the park policy, on a platform
// that ignores keys, a sale whose sender stopped with it on the wire (logged orphaned) is
// parked for a person: not sent again under that key until a person retries it.
import type Database from 'better-sqlite3';
import type { AnswerRecord, HeardAnswer } from './answer-record.js';
import { isKeyCheck } from './request-kinds.js';

export function createAttemptOracle(
  checker: Database.Database,
  answers: AnswerRecord,
  flag: (problem: string) => void,
  policy: { parksUncertain: boolean },
) {
  const orphanedSince = checker
    .prepare(
      `select count(*) from sync_attempts o where o.idempotency_key = ? and o.outcome = 'orphaned'
         and o.id > coalesce((select max(r.id) from sync_attempts r
           where r.sale_id = o.sale_id and r.outcome = 'retried'), 0)`,
    )
    .pluck();
  const logged = checker
    .prepare(`select count(*) from sync_attempts where idempotency_key = ? and started_at = ?`)
    .pluck();
  /** Answers each process heard whose entry was not yet seen in the log. */
  const unlogged = new Map<number, HeardAnswer[]>();
  let read = 0;
  return {
    /** A request for a sale leaves process `pid`. */
    sent(pid: number, key: string): void {
      const all = answers.all();
      for (; read < all.length; read++) {
        const heard = all[read]!;
        if (isKeyCheck(heard.key)) continue;
        unlogged.set(heard.pid, [...(unlogged.get(heard.pid) ?? []), heard]);
      }
      if (isKeyCheck(key)) return;
      if (policy.parksUncertain && (orphanedSince.get(key) as number) > 0)
        flag(
          `process ${pid} sent a sale its stopped sender left on the wire, before a person acted (policy: park)`,
        );
      const waiting = (unlogged.get(pid) ?? []).filter(
        (heard) => (logged.get(heard.key, heard.sentWall) as number) === 0,
      );
      unlogged.set(pid, waiting);
      const first = waiting[0];
      if (first)
        flag(
          `process ${pid} sent a sale before it logged the ${first.answer.kind === 'response' ? `HTTP ${first.answer.status}` : first.answer.kind} it heard at ${first.at} ms (${waiting.length} answer(s) unlogged)`,
        );
    },
    /** A process died: what it heard and never wrote is the lease's to take back. */
    gone(pid: number): void {
      unlogged.delete(pid);
    },
  };
}

export type AttemptOracle = ReturnType<typeof createAttemptOracle>;
