import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLease, type OwnerLiveness } from '../../db/lease.js';
import { openDatabase } from '../../db/open.js';
import { groupedWrites } from '../../db/grouped-writes.js';
import { createOutboxQueries, type ClaimAnswer, type OutcomeWrite } from '../../db/outbox.js';
import { openStore } from '../../db/store.js';
import {
  parseOwner,
  systemLiveness,
  newSenderId,
  senderEnded,
} from '../../main/sync/sender-identity.js';
import { checked, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const TTL = 30_000;

function setup(sales = 3) {
  const file = join(tempDir(), 'tillsync.db');
  const store = openStore(file);
  for (let i = 0; i < sales; i++) {
    const recorded = store.recordSale(checked(), { now: NOW + i });
    if (!recorded.ok) throw new Error(recorded.error.message);
  }
  const database = openDatabase(file);
  const lease = createLease(database);
  const queries = createOutboxQueries(database);
  const inOneTransaction = groupedWrites(database);
  // A claim is made inside a group of writes, as the engine's commit queue makes it.
  const outbox = {
    ...queries,
    claim: (...args: Parameters<typeof queries.claimRow>) =>
      inOneTransaction([() => queries.claimRow(...args)])[0] as ClaimAnswer,
  };
  const live = new Map<string, OwnerLiveness>();
  const terms = (owner: string, now = NOW) => ({
    owner,
    now,
    ttlMs: TTL,
    liveness: (o: string) => live.get(o) ?? 'unknown',
  });
  const close = () => {
    database.close();
    store.close();
  };
  return { store, database, lease, outbox, live, terms, close };
}

const outcome = (saleId: string, key: string): OutcomeWrite => ({
  saleId,
  revision: 1,
  idempotencyKey: key,
  startedAt: NOW,
  durationMs: 5,
  outcome: 'synced',
  state: 'synced',
  countsAttempt: true,
  unexpected: false,
  unanswered: false,
  uncertain: false,
  nextAttemptAt: null,
  httpStatus: 201,
  errorCode: null,
  reason: null,
});

describe('the sending lease, fenced', () => {
  it('is never taken from a live sender, however late its expiry or far the clocks', () => {
    const t = setup();
    t.live.set('A', 'alive');
    expect(t.lease.acquire(t.terms('A'))).toMatchObject({ acquired: true, epoch: 1, fresh: true });
    // B's clock is an hour ahead: A's lease looks long expired, but A is alive.
    expect(t.lease.acquire(t.terms('B', NOW + 3_600_000))).toMatchObject({
      acquired: false,
      holder: 'A',
      reason: 'alive',
    });
    t.close();
  });

  it("breaks a dead sender's lease at once and takes its rows back, flagging those on the wire", () => {
    const t = setup(3);
    t.live.set('A', 'alive');
    const a = t.lease.acquire(t.terms('A'));
    if (!a.acquired) throw new Error('A should hold the lease');
    const fenceA = { owner: 'A', epoch: a.epoch };
    const [first, second] = t.outbox.dueSales(
      NOW + 10,
      NOW + 1e9,
      { createdAt: 0, position: 0 },
      10,
      (sale) => JSON.stringify({ frozen: sale.saleId }),
    );
    const frozenFirst = JSON.stringify({ frozen: first!.saleId });
    expect(first!.firstBody).toBe(frozenFirst);
    const claimed = t.outbox.claim(first!, fenceA, NOW);
    expect(claimed).toMatchObject({ kind: 'claimed', sale: { requestBody: frozenFirst } });
    // A claimed the second as well, answered it (kept in place for a retry), then died.
    t.outbox.claim(second!, fenceA, NOW);
    t.outbox.finish(
      { ...outcome(second!.saleId, second!.idempotencyKey), outcome: 'retry', state: 'sending' },
      fenceA,
      NOW,
    );
    t.live.set('A', 'dead');

    const b = t.lease.acquire(t.terms('B'));
    expect(b).toMatchObject({ acquired: true, epoch: 2, fresh: true, orphans: 2, uncertain: 1 });
    const firstSale = t.store.getSale(first!.saleId)!;
    expect(firstSale.outbox).toMatchObject({
      state: 'pending',
      uncertain: true,
      unansweredAttempts: 1,
    });
    expect(t.store.getSale(second!.saleId)!.outbox).toMatchObject({
      state: 'pending',
      uncertain: false,
    });
    const log = t.database.sqlite
      .prepare(`select outcome from sync_attempts where sale_id = ?`)
      .all(first!.saleId);
    expect(log).toEqual([{ outcome: 'orphaned' }]);

    // A's late answer is refused by the database (fencing), and written to the log as such.
    expect(t.outbox.finish(outcome(first!.saleId, first!.idempotencyKey), fenceA, NOW)).toBe(false);
    expect(t.store.getSale(first!.saleId)!.outbox.state).toBe('pending');
    // A cannot claim with its old epoch either.
    expect(t.outbox.claim(first!, fenceA, NOW)).toEqual({ kind: 'lease_lost' });
    // B re-sends the same frozen body under the same key, whatever body it would build.
    const rebuilt = { ...first!, firstBody: '{"rebuilt":true}' };
    const again = t.outbox.claim(rebuilt, { owner: 'B', epoch: 2 }, NOW);
    expect(again).toMatchObject({ kind: 'claimed', sale: { requestBody: frozenFirst } });
    t.close();
  });

  it("refuses a stale epoch's hand-backs: the new sender's claims and lease stay its own", () => {
    const t = setup(2);
    t.live.set('A', 'alive');
    const a = t.lease.acquire(t.terms('A'));
    if (!a.acquired) throw new Error('A should hold the lease');
    const fenceA = { owner: 'A', epoch: a.epoch };
    const due = () =>
      t.outbox.dueSales(NOW + 10, NOW + 1e9, { createdAt: 0, position: 0 }, 10, (s) => s.saleId);
    const [first, second] = due();
    t.outbox.claim(first!, fenceA, NOW);
    t.live.set('A', 'dead');
    const b = t.lease.acquire(t.terms('B'));
    if (!b.acquired) throw new Error('B should hold the lease');
    const fenceB = { owner: 'B', epoch: b.epoch };
    // B claims both and answers one in place: claimed, not on the wire, so releasable.
    for (const sale of due()) t.outbox.claim(sale, fenceB, NOW);
    const kept = { ...outcome(second!.saleId, second!.idempotencyKey), state: 'sending' } as const;
    expect(t.outbox.finish({ ...kept, outcome: 'retry' }, fenceB, NOW)).toBe(true);

    // A, back with its old epoch, hands back what it no longer holds: nothing moves.
    t.outbox.release(second!, fenceA, NOW);
    expect(t.outbox.releaseClaims(fenceA, NOW)).toBe(0);
    t.lease.release('A', a.epoch);
    expect(t.store.getSale(second!.saleId)!.outbox.state).toBe('sending');
    expect(t.lease.read()).toMatchObject({ owner: 'B', epoch: b.epoch });
    // Nor can the same owner at an older epoch: the epoch, not the name, holds them.
    const staleB = { owner: 'B', epoch: a.epoch };
    t.outbox.release(second!, staleB, NOW);
    expect(t.outbox.releaseClaims(staleB, NOW)).toBe(0);
    t.lease.release('B', a.epoch);
    expect(t.store.getSale(second!.saleId)!.outbox.state).toBe('sending');
    expect(t.lease.read()).toMatchObject({ owner: 'B', epoch: b.epoch });

    // B's own hand-back takes the one not on the wire; the counts follow every move.
    expect(t.outbox.releaseClaims(fenceB, NOW)).toBe(1);
    expect(t.store.getSale(second!.saleId)!.outbox.state).toBe('pending');
    expect(t.store.getSale(first!.saleId)!.outbox.state).toBe('sending');
    const counted = t.database.sqlite
      .prepare('select state, count from outbox_counts where count > 0 order by state')
      .all();
    const actual = t.database.sqlite
      .prepare('select state, count(*) as count from outbox group by state order by state')
      .all();
    expect(counted).toEqual(actual);
    t.lease.release('B', b.epoch);
    expect(t.lease.read().owner).toBeNull();
    t.close();
  });

  it('parks a sale a dead sender left on the wire when the policy parks unanswered sales', () => {
    const t = setup(2);
    const a = t.lease.acquire(t.terms('A'));
    if (!a.acquired) throw new Error('A should hold the lease');
    const [onTheWire, answered] = t.outbox.dueSales(
      NOW + 10,
      NOW + 1e9,
      { createdAt: 0, position: 0 },
      10,
      (sale) => sale.saleId,
    );
    t.outbox.claim(onTheWire!, { owner: 'A', epoch: a.epoch }, NOW);
    t.outbox.claim(answered!, { owner: 'A', epoch: a.epoch }, NOW);
    t.outbox.finish(
      {
        ...outcome(answered!.saleId, answered!.idempotencyKey),
        outcome: 'retry',
        state: 'sending',
      },
      { owner: 'A', epoch: a.epoch },
      NOW,
    );
    t.live.set('A', 'dead');

    const reason = 'It may already be on the platform';
    expect(t.lease.acquire({ ...t.terms('B'), parkInFlight: reason })).toMatchObject({
      acquired: true,
      orphans: 2,
      uncertain: 1,
    });
    // The one on the wire waits for a person, who is told why; the answered one goes on.
    expect(t.store.getSale(onTheWire!.saleId)!.outbox).toMatchObject({
      state: 'refused',
      uncertain: true,
      lastErrorCode: 'uncertain',
      lastErrorReason: reason,
    });
    expect(t.store.getSale(answered!.saleId)!.outbox.state).toBe('pending');
    t.close();
  });

  it('reads a batch with the body of each first send, and claims nothing changed meanwhile', () => {
    const t = setup(0);
    const lines = [
      [{ productId: 'p-a', quantity: 1, unitPriceMinor: 250 }],
      [
        { productId: 'p-b', quantity: 3, unitPriceMinor: 99 },
        { productId: 'p-c', quantity: 0.25, unitPriceMinor: 1200 },
      ],
      [{ productId: 'p-d', quantity: 2, unitPriceMinor: 100 }],
    ];
    for (const [i, items] of lines.entries()) {
      const recorded = t.store.recordSale(checked(validSale({ items })), { now: NOW + i });
      if (!recorded.ok) throw new Error(recorded.error.message);
    }
    const a = t.lease.acquire(t.terms('A'));
    if (!a.acquired) throw new Error('A should hold the lease');
    const fence = { owner: 'A', epoch: a.epoch };
    const read = () =>
      t.outbox.dueSales(NOW + 10, NOW + 1e9, { createdAt: 0, position: 0 }, 10, (sale) =>
        JSON.stringify(sale.items.map((item) => [item.productId, item.quantityMilli])),
      );
    const batch = read();
    // Each sale's own lines, in order, though the batch read them in one statement.
    expect(batch.map((sale) => sale.firstBody)).toEqual([
      '[["p-a",1000]]',
      '[["p-b",3000],["p-c",250]]',
      '[["p-d",2000]]',
    ]);
    expect(t.outbox.claim(batch[0]!, fence, NOW)).toMatchObject({ kind: 'claimed' });
    const first = batch[0]!;
    const retry = { outcome: 'retry', state: 'pending', nextAttemptAt: NOW } as const;
    t.outbox.finish({ ...outcome(first.saleId, first.idempotencyKey), ...retry }, fence, NOW);
    // Frozen: read again, it has its body and no other is built for it.
    expect(read()[0]).toMatchObject({ requestBody: '[["p-a",1000]]', firstBody: undefined });

    // Changed after the batch was read (a new revision, as an edit makes): not claimed.
    t.database.sqlite
      .prepare('update outbox set revision = revision + 1 where sale_id = ?')
      .run(batch[1]!.saleId);
    expect(t.outbox.claim(batch[1]!, fence, NOW)).toEqual({ kind: 'gone' });
    expect(t.store.getSale(batch[1]!.saleId)!.outbox.state).toBe('pending');
    t.close();
  });

  it("waits for another host's sender to expire, and treats an expiry too far ahead as expired", () => {
    const t = setup(0);
    expect(t.lease.acquire(t.terms('A'))).toMatchObject({ acquired: true });
    expect(t.lease.acquire(t.terms('B', NOW + TTL - 1))).toMatchObject({
      acquired: false,
      reason: 'unexpired',
    });
    expect(t.lease.acquire(t.terms('B', NOW + TTL + 1))).toMatchObject({
      acquired: true,
      epoch: 2,
    });
    // B wrote its expiry with a clock an hour ahead, then the clock was corrected.
    expect(t.lease.renew('B', 2, NOW + 3_600_000, TTL)).toBe(true);
    expect(t.lease.acquire(t.terms('C', NOW + TTL + 2))).toMatchObject({
      acquired: true,
      epoch: 3,
    });
    // B's renewal now fails: the lease is C's.
    expect(t.lease.renew('B', 2, NOW, TTL)).toBe(false);
    t.close();
  });
});

describe('sender identity', () => {
  it('names host, pid and start time, and knows this process and a dead one', () => {
    const me = newSenderId();
    expect(parseOwner(me)).toMatchObject({ pid: process.pid });
    expect(systemLiveness(me)).toBe('alive');
    senderEnded(me);
    expect(systemLiveness(me)).toBe('dead'); // same process, engine gone
    const [host] = me.split('#');
    expect(systemLiveness(`${host}#999999999#1#x`)).toBe('dead');
    expect(systemLiveness('another-host#1#1#x')).toBe('unknown');
    // A reused pid: the process start time differs.
    expect(systemLiveness(`${host}#1#1#x`)).toBe('dead');
  });
});
