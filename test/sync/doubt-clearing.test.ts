// Once the platform has shown it honours idempotency keys (a replayed answer), no sale can
// be on it twice and the "may be doubled" flags must go. The simulation (seed 698 of
// 09e1835's worlds) found them kept for good: the disk refused the clear as the replay
// came, the engine already knew the platform in memory, and nothing tried the clear again.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open.js';
import { createOutboxQueries } from '../../db/outbox.js';
import { systemClock, systemTimers } from '../../main/sync/clock.js';
import { createCommitQueue } from '../../main/sync/commit-queue.js';
import { createDoubtClearing } from '../../main/sync/doubt-clearing.js';
import { createStorageGuard } from '../../main/sync/storage-guard.js';
import { scriptedServer } from '../helpers/scripted-server.js';
import { till, waitUntil } from './helpers.js';

const quiet = { info() {}, warn() {}, error() {} };
const open: Array<{ close(): void }> = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

describe('engine: doubts cleared once the platform is known to honour keys', () => {
  it('clears them when the disk takes writes again, though it refused the clear', async () => {
    const t = till();
    t.record(2);
    // Its own connection, which waits for no lock (the engine closes it when it stops).
    const database = openDatabase(t.file, { synchronous: 'NORMAL', busyTimeoutMs: 0 });
    const other = new Database(t.file);
    open.push(other);
    const server = await scriptedServer((_request, index) => {
      if (index === 0) return 'hang'; // unanswered: the first sale may be on the platform
      if (index === 1) return { status: 201, body: '{"id":"sale_1"}' }; // synced, flagged
      // The second sale's replay proves keys are honoured; the disk is locked as it comes.
      other.exec('begin immediate');
      setTimeout(() => other.exec('commit'), 500);
      return { status: 201, headers: { 'idempotent-replayed': 'true' }, body: '{"id":"sale_2"}' };
    });
    const engine = t.engine(
      {
        baseUrl: server.url,
        apiKey: 'k',
        sync: { concurrency: 1, requestTimeoutMs: 300 },
      },
      { database, random: () => 0.5, logger: quiet },
    );
    const sqlite = t.store.database.sqlite;
    const flagged = sqlite.prepare(`select count(*) from outbox where uncertain = 1`).pluck();
    await engine.drain();
    expect(flagged.get()).toBe(1); // the lock refused the clear
    engine.start();
    const synced = sqlite.prepare(`select count(*) from outbox where state = 'synced'`).pluck();
    await waitUntil(() => synced.get() === 2, 5000, 'both sales synced');
    await waitUntil(() => flagged.get() === 0, 5000, 'the doubt cleared');
    const known = sqlite.prepare(`select keys_honoured_at from sync_state`).pluck();
    expect(known.get()).not.toBeNull();
  });

  it('waits for the outcomes decided before: one written late would flag its sale again', async () => {
    const t = till();
    t.record(1);
    const sqlite = t.store.database.sqlite;
    sqlite.exec(`update outbox set uncertain = 1`);
    const database = openDatabase(t.file, { busyTimeoutMs: 0 });
    open.push(database);
    const outcomes = { blocked: true };
    const doubts = createDoubtClearing(
      {
        outbox: createOutboxQueries(database),
        commits: createCommitQueue(database, systemTimers),
        outcomes,
        storage: createStorageGuard(quiet, systemClock.now, () => {}),
        clock: systemClock,
      },
      false,
    );
    const flagged = sqlite.prepare(`select count(*) from outbox where uncertain = 1`).pluck();
    doubts.owe();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(flagged.get()).toBe(1); // an outcome of before still waits: not yet
    outcomes.blocked = false;
    doubts.settle();
    await waitUntil(() => flagged.get() === 0, 2000, 'the doubt cleared');
  });
});
