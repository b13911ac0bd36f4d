// A Resync asked in one process is followed by the till's others, which lift the waits of
// sends begun before it was asked. The request is the asker's wall time as it was: the
// simulation found a clock stepped back an hour after an earlier Resync dating the next
// request an hour ahead (requests only grew), so a follower lifted a Retry-After the
// platform had given after the ask, and sent the sale 205 s early.
import { describe, expect, it } from 'vitest';
import { createOutboxQueries } from '../../db/outbox.js';
import { createSyncState } from '../../db/sync-state.js';
import { createResyncRequests, sendingAfterAsks } from '../../main/sync/resync-requests.js';
import { createStorageGuard } from '../../main/sync/storage-guard.js';
import { till } from './helpers.js';

const quiet = { info() {}, warn() {}, error() {} };

describe('resync requests', () => {
  it('are followed once each, and dated by the clock of the ask after a step back', () => {
    const t = till();
    const [sale] = t.record(1);
    const database = t.store.database;
    const requestsOf = () =>
      createResyncRequests(
        createSyncState(database),
        createStorageGuard(quiet, Date.now, () => {}),
      );
    const asker = requestsOf();
    const follower = requestsOf();
    const first = 1_800_000_000_000;
    asker.ask(first);
    expect(follower.unfollowed()).toBe(first);
    follower.follow(first, { now: () => first, monotonic: () => 0 });
    expect(follower.unfollowed()).toBeUndefined();
    expect(asker.unfollowed()).toBeUndefined(); // its own request

    const stepped = first - 3_600_000 + 10_000; // the clock went back an hour
    asker.ask(stepped);
    expect(follower.unfollowed()).toBe(stepped);
    // Asked again in the same millisecond (two presses sent to a stopped process): the same
    // request. Dated a millisecond on, it lifted the wait of a send begun after both asks,
    // in that millisecond (the simulation's seed 4383).
    asker.ask(stepped);
    expect(follower.unfollowed()).toBe(stepped);

    // The platform asked for a minute's pause, in answer to a send begun after the asks.
    const sqlite = database.sqlite;
    sqlite
      .prepare(
        `insert into sync_attempts (sale_id, revision, idempotency_key, started_at, duration_ms, outcome, http_status)
         select sale_id, revision, idempotency_key, ?, 10, 'retry', 503 from outbox where sale_id = ?`,
      )
      .run(stepped, sale);
    sqlite
      .prepare('update outbox set next_attempt_at = ?, attempts = 1 where sale_id = ?')
      .run(stepped + 62_000, sale);
    const now = stepped + 5000;
    expect(createOutboxQueries(database).makeAllDue(now, follower.unfollowed() ?? null)).toBe(0);
  });

  it('a refusal of the key answers the request its pass began under, not a later one', () => {
    const t = till();
    const requestsOf = () =>
      createResyncRequests(
        createSyncState(t.store.database),
        createStorageGuard(quiet, Date.now, () => {}),
      );
    const asker = requestsOf();
    const sender = requestsOf();
    asker.ask(1000);
    const atPassStart = sender.unfollowed()!;
    sender.answeredUpTo(atPassStart);
    // Still followed (its lift of older waits), but following it keeps the pause.
    expect(sender.unfollowed()).toBe(atPassStart);
    expect(sender.liftsPause(atPassStart)).toBe(false);
    asker.ask(2000);
    const older = atPassStart;
    sender.answeredUpTo(older); // a pass begun under the older request ends: the new one stands
    expect(sender.unfollowed()).toBe(2000);
    expect(sender.liftsPause(2000)).toBe(true);
  });

  // Found by the simulation (a double Resync while a pass was under way): a refusal of the
  // key answered only the requests asked before the pass began, so the process followed one
  // asked during the pass, before its last request left, and tried the refused key again.
  it('a refusal answers the requests asked before the pass last sent, not later ones', async () => {
    const t = till();
    const guard = createStorageGuard(quiet, Date.now, () => {});
    const asker = createResyncRequests(createSyncState(t.store.database), guard);
    const sender = createResyncRequests(createSyncState(t.store.database), guard);
    asker.ask(1_000);
    const sends = sendingAfterAsks(
      { postSale: () => Promise.resolve({ kind: 'timeout', sent: true }) },
      sender,
    );
    expect(sends.askedBefore()).toEqual({ ok: true, value: 1_000 }); // the pass began
    asker.ask(2_000); // pressed during the pass, before its request left
    await sends.sender.postSale('{}', 'k1', new AbortController().signal);
    asker.ask(3_000); // pressed after it left: this one deserves a try
    const before = sends.askedBefore();
    expect(before).toEqual({ ok: true, value: 2_000 });
    sender.answeredUpTo(2_000);
    expect(sender.unfollowed()).toBe(3_000);
    expect(sender.liftsPause(3_000)).toBe(true);
  });
});
