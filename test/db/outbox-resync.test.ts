// A person's Resync lifts every wait in the process asked; a process that follows it later
// lifts only the waits it was asked about: a wait the platform set (Retry-After) in answer
// to a request sent after the Resync was asked stands. (The simulation found a follower
// sending a sale seconds after the platform had asked for a minute's pause.)
import { describe, expect, it } from 'vitest';
import { createOutboxQueries } from '../../db/outbox.js';
import { till } from '../sync/helpers.js';

describe('outbox: Resync makes waiting sales due', () => {
  it('lifts every wait when asked here, and only those begun before the ask when followed', () => {
    const t = till();
    const [before, after] = t.record(2);
    const sqlite = t.store.database.sqlite;
    const asked = 1_000_000;
    const now = asked + 5000;
    const waitUntil = now + 60_000;
    const lastSend = (saleId: string, startedAt: number) => {
      sqlite
        .prepare(
          `insert into sync_attempts (sale_id, revision, idempotency_key, started_at, duration_ms, outcome, http_status)
           select sale_id, revision, idempotency_key, ?, 10, 'retry', 429 from outbox where sale_id = ?`,
        )
        .run(startedAt, saleId);
      sqlite
        .prepare('update outbox set next_attempt_at = ?, attempts = 1 where sale_id = ?')
        .run(waitUntil, saleId);
    };
    lastSend(before!, asked - 1000); // on the wire when the person asked
    lastSend(after!, asked + 1000); // sent after: its Retry-After is the platform's answer
    const nextAttempt = (saleId: string) =>
      sqlite.prepare('select next_attempt_at from outbox where sale_id = ?').pluck().get(saleId);
    const outbox = createOutboxQueries(t.store.database);

    expect(outbox.makeAllDue(now, asked)).toBe(1);
    expect(nextAttempt(before!)).toBe(now);
    expect(nextAttempt(after!)).toBe(waitUntil);

    expect(outbox.makeAllDue(now)).toBe(1); // asked in this process: every wait goes
    expect(nextAttempt(after!)).toBe(now);
  });
});
