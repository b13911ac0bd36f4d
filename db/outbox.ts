// The sync engine's view of the outbox. Due sales are read a batch at a time, with the
// body a first send would carry (built from the sale as recorded). A sale is claimed right
// before it is sent, by one statement that checks the sender still holds the lease at its
// epoch, freezes the request body bound to the idempotency key (the first claim stores it;
// every retry sends it byte for byte), and marks the request as on the wire. Outcomes are
// written only while the row is still claimed by that sender and epoch (fencing). Stored
// wall-clock times are guarded: a next attempt further ahead than any wait could be
// counts as due.
import { prepareAttemptLog } from './attempt-log.js';
import type { TillDatabase } from './open.js';
import { prepareSaleLines } from './sale-items.js';
import type { ClaimAnswer, ClaimedSale, Fence, OutcomeWrite } from './outbox-types.js';
import { prepareOutboxWrites } from './outbox-writes.js';
import { createQueueFigures, DUE_ROWS } from './queue-figures.js';
import { outbox, sales, syncState } from './schema.js';
import { computed, typedQuery, type RowOf } from './typed-sql.js';

const candidateColumns = {
  saleId: outbox.saleId,
  idempotencyKey: outbox.idempotencyKey,
  revision: outbox.revision,
  attempts: outbox.attempts,
  unexpectedAttempts: outbox.unexpectedAttempts,
  unansweredAttempts: outbox.unansweredAttempts,
  uncertain: outbox.uncertain,
  requestBody: outbox.requestBody,
  createdAt: outbox.createdAt,
  /** Insertion order, which breaks ties between sales of the same millisecond. */
  position: computed<number>('outbox.rowid'),
};
type CandidateRow = RowOf<typeof candidateColumns>;
/** A due sale, with the body its first send would freeze (none once one is frozen). */
export type DueSale = CandidateRow & { firstBody: string | undefined };

const saleColumns = {
  saleId: sales.id,
  shopId: sales.shopId,
  customerId: sales.customerId,
  paymentMethod: sales.paymentMethod,
  currency: sales.currency,
};
const leaseColumns = { owner: syncState.leaseOwner, epoch: syncState.leaseEpoch };

const bool = (value: boolean): 0 | 1 => (value ? 1 : 0);

export function createOutboxQueries(database: TillDatabase) {
  const { sqlite } = database;
  // The limit is an expression, not a bare parameter: SQLite reads a bare bound LIMIT as it
  // plans, so every new value bound re-prepared the statement at its next run (about three
  // times the cost of the read itself, at every pass).
  const candidates = typedQuery<
    typeof candidateColumns,
    { dueBefore: number; farAhead: number; after: number; afterPosition: number; limit: number }
  >(
    sqlite,
    candidateColumns,
    (list) => `select ${list}
    from outbox where ${DUE_ROWS} and (created_at, rowid) > (@after, @afterPosition)
    order by created_at, rowid limit @limit + 0`,
  );
  const saleRows = typedQuery<typeof saleColumns, { saleIds: string }>(
    sqlite,
    saleColumns,
    (list) => `select ${list} from sales where id in (select value from json_each(@saleIds))`,
  );
  const saleLines = prepareSaleLines(database);
  const leaseOf = typedQuery(
    sqlite,
    leaseColumns,
    (list) => `select ${list} from sync_state where id = 1`,
  );
  const writes = prepareOutboxWrites(database);
  const logAttempt = prepareAttemptLog(database);
  const keysHonoured = sqlite.transaction(writes.keysHonoured);
  const { figures } = createQueueFigures(database);

  /**
   * The bodies of the first sends of a batch of due sales, read in two statements for the
   * whole batch. A sale that is gone (none to read) gets none, and its claim finds it gone.
   */
  function withFirstBodies(
    rows: CandidateRow[],
    buildBody: (sale: ClaimedSale) => string,
  ): DueSale[] {
    const unfrozen = rows.filter((row) => row.requestBody === null).map((row) => row.saleId);
    const saleIds = JSON.stringify(unfrozen);
    const salesById = new Map(saleRows.all({ saleIds }).map((sale) => [sale.saleId, sale]));
    const lines = saleLines.of(unfrozen);
    return rows.map((row) => {
      const sale = row.requestBody === null ? salesById.get(row.saleId) : undefined;
      const items = lines.get(row.saleId) ?? [];
      return { ...row, firstBody: sale && buildBody({ ...row, ...sale, items }) };
    });
  }

  /** Inside a transaction (the caller's, or its own): one statement checks and claims. */
  function claimInside(candidate: DueSale, fence: Fence, now: number): ClaimAnswer {
    const body = candidate.requestBody ?? candidate.firstBody;
    if (body === undefined) return { kind: 'gone' };
    const requestBody = writes.claim({
      ...fence,
      saleId: candidate.saleId,
      revision: candidate.revision,
      body,
      now,
    });
    if (typeof requestBody === 'string') {
      const { saleId, revision, idempotencyKey } = candidate;
      return { kind: 'claimed', sale: { saleId, revision, idempotencyKey, requestBody } };
    }
    const lease = leaseOf.get();
    const held = lease?.owner === fence.owner && lease.epoch === fence.epoch;
    return held ? { kind: 'gone' } : { kind: 'lease_lost' };
  }

  /** Inside a transaction: the outcome if the row is still this sender's, logged either way. */
  function finishInside(write: OutcomeWrite, fence: Fence, now: number): boolean {
    const changed = writes.finish({
      ...write,
      ...fence,
      countsAttempt: bool(write.countsAttempt),
      unexpected: bool(write.unexpected),
      unanswered: bool(write.unanswered),
      uncertain: bool(write.uncertain),
      keepsClaim: bool(write.state === 'sending'),
      synced: bool(write.state === 'synced'),
      platformId: write.platformId ?? null,
      platformAnswer: write.platformAnswer ?? null,
      now,
    });
    logAttempt(
      changed
        ? write
        : {
            ...write,
            outcome: 'fenced',
            reason: `${write.reason ?? write.outcome}; answered after this sender lost the sale to another`,
          },
    );
    return changed;
  }
  const finishTransaction = sqlite.transaction(finishInside);
  /** Statements run bare inside a caller's transaction (no savepoint): never outside one. */
  const inCallersTransaction =
    <Args extends unknown[], Result>(write: (...args: Args) => Result) =>
    (...args: Args): Result => {
      if (!sqlite.inTransaction) throw new Error('This write belongs inside a transaction');
      return write(...args);
    };

  return {
    /**
     * The next due sales after a position in the queue, oldest first (not yet claimed),
     * each with the body its first send would freeze.
     * `farAhead`: a next attempt later than this was written by a clock now corrected.
     */
    dueSales(
      dueBefore: number,
      farAhead: number,
      after: { createdAt: number; position: number },
      limit: number,
      buildBody: (sale: ClaimedSale) => string,
    ): DueSale[] {
      const rows = candidates.all({
        dueBefore,
        farAhead,
        after: after.createdAt,
        afterPosition: after.position,
        limit,
      });
      return withFirstBodies(rows, buildBody);
    },
    /**
     * Claims one sale for a send now, or for another send of a sale already claimed: checks
     * the lease, freezes the body, marks it on the wire. `gone`: changed meanwhile. Inside
     * the transaction of a caller that groups writes in one (the engine's commit queue).
     */
    claimRow: inCallersTransaction(claimInside),
    /** `finish` inside the transaction of a caller that groups writes in one. */
    finishRow: inCallersTransaction(finishInside),
    /** Writes an attempt's outcome if the row is still this sender's; logs it either way. */
    finish: (write: OutcomeWrite, fence: Fence, now: number): boolean =>
      finishTransaction.immediate(write, fence, now),
    /** A claimed sale handed back unsent, due at the time already recorded. */
    release(sale: { saleId: string; revision: number }, fence: Fence, now: number): void {
      writes.releaseOne({ ...sale, ...fence, now });
    },
    /** Every sale this sender kept but is not sending hands back to the queue (pass end). */
    releaseClaims: (fence: Fence, now: number): number => writes.releaseAll({ ...fence, now }),
    /**
     * The platform honours idempotency keys: every resend went under the sale's one key,
     * so no sale can be on it twice. Sales parked only for that doubt go back to the queue.
     */
    keysHonoured: (now: number): number => keysHonoured.immediate(now),
    /**
     * Resync: every waiting sale is due now; when following a request made at `askedAt`
     * (another process's), only those whose last send began before then.
     */
    makeAllDue: (now: number, askedAt: number | null = null): number =>
      writes.makeDue({ now, askedAt }),
    figures,
  };
}

export type OutboxQueries = ReturnType<typeof createOutboxQueries>;
export type { ClaimAnswer, ClaimedSale, Fence, OutcomeWrite };
