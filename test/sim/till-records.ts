// What the platform watch reads of the till's own file, to tell what the till knew: the
// fence a request went out under (the sale's claim and the sending lease), and whether an
// answer the platform gave was recorded by the till (its outcome in the attempt log, not
// fenced, not lost with a process that died before writing it).
import type Database from 'better-sqlite3';

export interface ClaimFence {
  state: string;
  claimOwner: string | null;
  claimEpoch: number | null;
  leaseOwner: string | null;
  leaseEpoch: number;
}

/** What is wrong with sending under this fence as `owner`; undefined when all is right. */
export function fenceProblem(fence: ClaimFence, owner: string): string | undefined {
  if (fence.state !== 'sending') return `the sale is ${fence.state}, not claimed for sending`;
  if (fence.claimOwner !== owner) return `the sale is claimed by ${fence.claimOwner}`;
  if (fence.leaseOwner !== owner) return `the lease is held by ${fence.leaseOwner}`;
  if (fence.claimEpoch !== fence.leaseEpoch)
    return `claimed at epoch ${fence.claimEpoch}, the lease is at ${fence.leaseEpoch}`;
  return undefined;
}

export function tillRecords(database: Database.Database) {
  const fence = database.prepare(`
    select o.state, o.claim_owner as claimOwner, o.claim_epoch as claimEpoch,
      s.lease_owner as leaseOwner, s.lease_epoch as leaseEpoch
    from outbox o, sync_state s where s.id = 1 and o.idempotency_key = ?`);
  const recorded = database
    .prepare(
      `select count(*) from sync_attempts
       where idempotency_key = @key and http_status = @status and outcome <> 'fenced' and id > @after`,
    )
    .pluck();
  const last = database.prepare(
    `select id, started_at as startedAt, duration_ms as durationMs, outcome from sync_attempts
     where idempotency_key = ? order by id desc limit 1`,
  );
  const attempts = database
    .prepare('select attempts from outbox where idempotency_key = ?')
    .pluck();
  const outcomes = database
    .prepare(
      `select count(*) from sync_attempts where idempotency_key = ? and outcome <> 'fenced' and id > ?`,
    )
    .pluck();
  const top = database.prepare('select coalesce(max(id), 0) from sync_attempts').pluck();
  const log = database.prepare(
    `select id, outcome, http_status as status from sync_attempts where idempotency_key = ? order by id`,
  );
  return {
    /** A sale's fence, by the idempotency key a request carries. */
    fenceOf: (key: string) => fence.get(key) as ClaimFence | undefined,
    /** The newest attempt-log entry now: what is recorded later has a higher id. */
    lastAttempt: () => top.get() as number,
    /** How many answers of this status the till recorded for a key after an entry. */
    recordedAnswers: (key: string, status: number, after: number) =>
      recorded.get({ key, status, after }) as number,
    /** How many outcomes the till recorded for a key after an entry (fenced ones aside). */
    recordedOutcomes: (key: string, after: number) => outcomes.get(key, after) as number,
    /** A key's newest attempt-log entry, when it has one. */
    lastEntryOf: (key: string) =>
      last.get(key) as
        { id: number; startedAt: number; durationMs: number; outcome: string } | undefined,
    /** The failed attempts a sale's row counts now (what its next backoff grows from). */
    attemptsOf: (key: string) => attempts.get(key) as number | undefined,
    /** The attempt log of a key, in a few words: for a violation's message. */
    logOf: (key: string) =>
      (log.all(key) as Array<{ id: number; outcome: string; status: number | null }>)
        .map((row) => `${row.id}:${row.outcome}${row.status ? `/${row.status}` : ''}`)
        .join(' '),
  };
}

export type TillRecords = ReturnType<typeof tillRecords>;
