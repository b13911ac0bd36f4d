// At the end of a pass the sender hands back the sales it claimed and did not send, then
// its lease. An outcome the disk refused (a lock) may, once written, keep its sale claimed
// for a retry in place the pass no longer makes: the hand-back is tried again until the
// outcomes are written, so the sale is not shown as sending while nothing sends it (the
// simulation's seed 3732: "sending" for 20 s with nothing on the wire, until the next tick).
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createLease } from '../../db/lease.js';
import { openDatabase } from '../../db/open.js';
import { createOutboxQueries } from '../../db/outbox.js';
import { createCommitQueue } from '../../main/sync/commit-queue.js';
import { createOutcomeWriter } from '../../main/sync/outcome-writer.js';
import { createSendingRights } from '../../main/sync/sending-rights.js';
import { createStorageGuard } from '../../main/sync/storage-guard.js';
import { till } from './helpers.js';
import { manualTime } from './manual-time.js';

const quiet = { info() {}, warn() {}, error() {} };
const open: Array<{ close(): void }> = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

describe('sending rights: the hand-back at the end of a pass', () => {
  it('hands back a sale an outcome written after the pass kept for a retry in place', async () => {
    const t = till();
    t.record(1);
    // The sender's own connection, which waits for no lock.
    const database = openDatabase(t.file, { busyTimeoutMs: 0 });
    open.push(database);
    const { clock, timers, advance } = manualTime();
    const storage = createStorageGuard(quiet, clock.now, () => {});
    const outbox = createOutboxQueries(database);
    const outcomes = createOutcomeWriter(
      outbox,
      createCommitQueue(database, timers),
      storage,
      clock,
      timers,
    );
    const rights = createSendingRights({
      ...{ database, outbox, outcomes, storage, logger: quiet, clock, timers },
      ...{ owner: 'sender', liveness: () => 'alive', ttlMs: () => 60_000 },
    });
    expect(rights.take(null)).toBeNull();
    const fence = { owner: 'sender', epoch: rights.holder.epoch! };
    const start = { createdAt: Number.MIN_SAFE_INTEGER, position: 0 };
    const [sale] = outbox.dueSales(clock.now(), clock.now() + 3_600_000, start, 1, () => '{}');
    database.sqlite.transaction(() => outbox.claimRow(sale!, fence, clock.now()))();

    // Its answer (a 503): a try in place, whose outcome a lock refuses.
    const other = new Database(t.file);
    open.push(other);
    other.exec('begin immediate');
    const written = outcomes.write(
      {
        ...{ saleId: sale!.saleId, revision: sale!.revision, idempotencyKey: 'key' },
        ...{ startedAt: clock.now(), durationMs: 5, outcome: 'retry', state: 'sending' },
        ...{ countsAttempt: true, unexpected: false, unanswered: false, uncertain: false },
        ...{ nextAttemptAt: clock.now() + 1000, httpStatus: 503, errorCode: 'http_503' },
        reason: 'HTTP 503',
      },
      fence,
    );
    advance(0); // the turn's commit
    await written;
    expect(outcomes.blocked).toBe(true);
    other.exec('commit');
    rights.handBack(); // the pass stopped (offline): nothing left claimed yet, the sale on the wire

    const stateOf = t.store.database.sqlite.prepare(`select state from outbox`).pluck();
    advance(1000); // the outcome is written: the sale kept for its try in place
    expect(outcomes.blocked).toBe(false);
    advance(1000);
    expect(stateOf.get()).toBe('pending');
    expect(createLease(database).read().owner).toBeNull();
  });
});
