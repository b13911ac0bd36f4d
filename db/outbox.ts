// The sync engine's view of the outbox: claim the oldest due sales, record what each
// attempt did (its outbox row and its attempt-log row), and the figures the status shows.
// Raw SQL, claims in batches and outcomes written in groups: these run for every sale.
import type { TillDatabase } from './open.js';
import { createWriteBatch } from './write-batch.js';
import type { OutboxState } from './schema.js';

export interface ClaimedSale {
  saleId: string;
  idempotencyKey: string;
  revision: number;
  attempts: number;
  createdAt: number;
  shopId: string | null;
  customerId: string | null;
  paymentMethod: string;
  currency: string;
  items: Array<{ productId: string; quantityMilli: number; unitPriceMinor: number }>;
}

export type AttemptOutcome = 'synced' | 'retry' | 'conflict' | 'paused' | 'released';

/** What one attempt did: the new outbox state and the attempt-log line. */
export interface AttemptResult {
  saleId: string;
  revision: number;
  idempotencyKey: string;
  startedAt: number;
  durationMs: number;
  outcome: AttemptOutcome;
  /** `sending` while the sender waits a short backoff in place before trying again. */
  state: Extract<OutboxState, 'pending' | 'sending' | 'synced' | 'conflict'>;
  /** Whether this attempt counts toward the sale's attempts (a refused key does not). */
  counts: boolean;
  nextAttemptAt: number | null;
  httpStatus: number | null;
  errorCode: string | null;
  reason: string | null;
  remoteId?: string | null;
  remoteBody?: string | null;
}

export function createOutboxQueries(
  { sqlite }: TillDatabase,
  onWriteError?: (error: Error) => void,
) {
  const claim = sqlite.prepare(`
    update outbox set state = 'sending', updated_at = @now
    where sale_id in (
      select sale_id from outbox
      where state = 'pending' and (next_attempt_at is null or next_attempt_at <= @now)
      order by created_at limit @limit
    )
    returning sale_id as saleId, idempotency_key as idempotencyKey, revision, attempts, created_at as createdAt`);
  const saleRow = sqlite.prepare(`
    select shop_id as shopId, customer_id as customerId, payment_method as paymentMethod, currency
    from sales where id = ?`);
  const itemRows = sqlite.prepare(`
    select product_id as productId, quantity_milli as quantityMilli, unit_price_minor as unitPriceMinor
    from sale_items where sale_id = ? order by line_number`);
  const finish = sqlite.prepare(`
    update outbox set
      state = @state,
      attempts = attempts + @counted,
      next_attempt_at = @nextAttemptAt,
      last_http_status = @httpStatus,
      last_error_code = @errorCode,
      last_error_reason = @reason,
      remote_id = coalesce(@remoteId, remote_id),
      remote_body = coalesce(@remoteBody, remote_body),
      synced_at = case when @state = 'synced' then @now else synced_at end,
      updated_at = @now
    where sale_id = @saleId and revision = @revision`);
  const logAttempt = sqlite.prepare(`
    insert into sync_attempts
      (sale_id, revision, idempotency_key, started_at, duration_ms, outcome, http_status, error_code, reason)
    values (@saleId, @revision, @idempotencyKey, @startedAt, @durationMs, @outcome, @httpStatus, @errorCode, @reason)`);
  const releaseOne = sqlite.prepare(`
    update outbox set state = 'pending', updated_at = @now
    where sale_id = @saleId and revision = @revision and state = 'sending'`);
  const releaseSending = sqlite.prepare(
    `update outbox set state = 'pending', updated_at = @now where state = 'sending'`,
  );
  const dueAgain = sqlite.prepare(`
    update outbox set next_attempt_at = @now, updated_at = @now
    where state = 'pending' and next_attempt_at > @now and (@all or last_error_code in ('network', 'timeout'))`);
  const figures = sqlite.prepare(`
    select
      (select min(next_attempt_at) from outbox where state = 'pending') as nextAttemptAt,
      (select min(created_at) from outbox where state in ('pending', 'sending')) as oldestPendingAt,
      (select count(*) from outbox where state in ('pending', 'sending') and created_at < @staleBefore) as stale,
      (select count(*) from outbox where state = 'pending' and (next_attempt_at is null or next_attempt_at <= @now)) as due`);

  const writes = createWriteBatch(sqlite, onWriteError);
  type ClaimedRow = Omit<
    ClaimedSale,
    'items' | 'shopId' | 'customerId' | 'paymentMethod' | 'currency'
  >;

  return {
    /** Takes up to `limit` of the oldest due sales (marking them `sending`), oldest first. */
    claimDue(now: number, limit: number): ClaimedSale[] {
      writes.flush();
      const rows = (claim.all({ now, limit }) as ClaimedRow[]).sort(
        (a, b) => a.createdAt - b.createdAt,
      );
      return rows.map((row) => {
        const sale = saleRow.get(row.saleId) as Pick<
          ClaimedSale,
          'shopId' | 'customerId' | 'paymentMethod' | 'currency'
        >;
        const items = itemRows.all(row.saleId) as ClaimedSale['items'];
        return { ...row, ...sale, items };
      });
    },
    /** Records what an attempt did; written with the others of this moment. */
    finishAttempt(result: AttemptResult, now = Date.now()): void {
      writes.add(() => {
        finish.run({
          ...result,
          counted: result.counts ? 1 : 0,
          remoteId: result.remoteId ?? null,
          remoteBody: result.remoteBody ?? null,
          now,
        });
        logAttempt.run(result);
      });
    },
    /** A sale handed back to the queue, due at the time already recorded. */
    release(saleId: string, revision: number, now = Date.now()): void {
      writes.add(() => releaseOne.run({ saleId, revision, now }));
    },
    /** Writes now whatever is waiting to be written. */
    flush: () => writes.flush(),
    /** Sales left `sending` by a process that died mid-request go back, with the same key. */
    releaseOrphans(now = Date.now()): number {
      writes.flush();
      return releaseSending.run({ now }).changes;
    },
    /** Makes waiting sales due now: all of them, or those that failed for the network. */
    makeDueNow(now: number, which: 'all' | 'network'): number {
      writes.flush();
      return dueAgain.run({ now, all: which === 'all' ? 1 : 0 }).changes;
    },
    figures(now: number, staleAfterMs: number) {
      writes.flush();
      return figures.get({ now, staleBefore: now - staleAfterMs }) as {
        nextAttemptAt: number | null;
        oldestPendingAt: number | null;
        stale: number;
        due: number;
      };
    },
  };
}

export type OutboxQueries = ReturnType<typeof createOutboxQueries>;
