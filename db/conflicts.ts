// What a person can do with a sale the platform refused: send it again as it is, fix it
// (a new revision with a new idempotency key; the old revision stays in the attempt log),
// or discard it with a reason (the sale stays in the database, marked discarded).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { invalidInput } from './field-errors.js';
import type { TillDatabase } from './open.js';
import type { ConflictChange } from '../domain/sale.js';
import { prepareSaleItemInsert } from './sale-items.js';
import { fail, ok, type Result } from '../domain/result.js';
import type { SettingsStore } from './settings.js';
import { createSaleValidator, type ValidSale } from './sale-validation.js';

export interface ConflictSummary {
  saleId: string;
  receiptNumber: number;
  createdAt: number;
  totalMinor: number;
  currency: string;
  paymentMethod: string;
  revision: number;
  attempts: number;
  httpStatus: number | null;
  errorCode: string | null;
  reason: string | null;
  /** An attempt got no answer: the sale may already be on the platform. */
  uncertain: boolean;
}

/** A sale that may be on the platform twice, or once though parked: a person should check. */
export interface UncertainSale {
  saleId: string;
  receiptNumber: number;
  createdAt: number;
  totalMinor: number;
  currency: string;
  state: string;
  unansweredAttempts: number;
  platformId: string | null;
}

export type { ConflictChange };

const discardReason = z.strictObject({
  reason: z.string().trim().min(1, 'must say why the sale is discarded').max(500),
});

export function createConflictActions(database: TillDatabase, settingsStore: SettingsStore) {
  const { sqlite } = database;
  const validateSale = createSaleValidator(settingsStore);
  const listRows = sqlite.prepare(`
    select s.id as saleId, s.receipt_number as receiptNumber, s.created_at as createdAt,
      s.total_minor as totalMinor, s.currency, s.payment_method as paymentMethod,
      o.revision, o.attempts, o.last_http_status as httpStatus, o.last_error_code as errorCode,
      o.last_error_reason as reason, o.uncertain
    from outbox o join sales s on s.id = o.sale_id
    where o.state = 'conflict' order by s.receipt_number`);
  const uncertainRows = sqlite.prepare(`
    select s.id as saleId, s.receipt_number as receiptNumber, s.created_at as createdAt,
      s.total_minor as totalMinor, s.currency, o.state, o.unanswered_attempts as unansweredAttempts,
      o.remote_id as platformId
    from outbox o join sales s on s.id = o.sale_id
    where o.uncertain = 1 order by s.receipt_number`);
  const findRow = sqlite.prepare(`
    select s.id as saleId, s.receipt_number as receiptNumber, s.shop_id as shopId,
      s.customer_id as customerId, s.payment_method as paymentMethod, s.currency,
      s.total_minor as totalMinor, o.state, o.revision, o.idempotency_key as idempotencyKey,
      o.unanswered_attempts as unansweredAttempts
    from sales s join outbox o on o.sale_id = s.id
    where s.id = @id or s.receipt_number = @receipt`);
  const oldItems = sqlite.prepare(`
    select product_id as productId, quantity_milli as quantityMilli, unit_price_minor as unitPriceMinor
    from sale_items where sale_id = ? order by line_number`);
  const log = sqlite.prepare(`
    insert into sync_attempts (sale_id, revision, idempotency_key, started_at, duration_ms, outcome, reason, detail)
    values (@saleId, @revision, @idempotencyKey, @now, 0, @outcome, @reason, @detail)`);
  const makePending = sqlite.prepare(`
    update outbox set state = 'pending', attempts = 0, unexpected_attempts = 0, next_attempt_at = @now, updated_at = @now
    where sale_id = @saleId`);
  const markDiscarded = sqlite.prepare(`
    update outbox set state = 'discarded', discard_reason = @reason, next_attempt_at = null, updated_at = @now
    where sale_id = @saleId`);
  const deleteItems = sqlite.prepare(`delete from sale_items where sale_id = ?`);
  const insertItem = prepareSaleItemInsert(database);
  const updateSale = sqlite.prepare(`
    update sales set shop_id = @shopId, customer_id = @customerId, payment_method = @paymentMethod,
      currency = @currency, total_minor = @totalMinor
    where id = @saleId`);
  const newRevision = sqlite.prepare(`
    update outbox set revision = revision + 1, idempotency_key = @key, state = 'pending', attempts = 0,
      unexpected_attempts = 0, unanswered_attempts = 0, uncertain = 0, request_body = null,
      next_attempt_at = @now, last_http_status = null, last_error_code = null, last_error_reason = null,
      updated_at = @now
    where sale_id = @saleId`);

  type Row = {
    saleId: string;
    receiptNumber: number;
    shopId: string | null;
    customerId: string | null;
    paymentMethod: string;
    currency: string;
    totalMinor: number;
    state: string;
    revision: number;
    idempotencyKey: string;
    unansweredAttempts: number;
  };

  /** A conflict by sale id or receipt number, or the reason it cannot be acted on. */
  function findConflict(idOrReceipt: string): Result<Row> {
    const receipt = /^#?\d+$/.test(idOrReceipt) ? Number(idOrReceipt.replace('#', '')) : -1;
    const row = findRow.get({ id: idOrReceipt, receipt }) as Row | undefined;
    if (!row) return fail({ code: 'not_found', message: `There is no sale ${idOrReceipt}.` });
    if (row.state !== 'conflict') {
      return fail({
        code: 'not_a_conflict',
        message: `Sale #${row.receiptNumber} is ${row.state}, not in conflict: there is nothing to resolve.`,
      });
    }
    return ok(row);
  }

  const change = (
    row: Row,
    state: ConflictChange['state'],
    revision = row.revision,
  ): ConflictChange => ({
    saleId: row.saleId,
    receiptNumber: row.receiptNumber,
    state,
    revision,
  });

  const retryTransaction = sqlite.transaction((row: Row, now: number) => {
    log.run({
      ...row,
      now,
      outcome: 'retried',
      reason: 'Sent again as it is, by a person',
      detail: null,
    });
    makePending.run({ saleId: row.saleId, now });
  });

  const discardTransaction = sqlite.transaction((row: Row, reason: string, now: number) => {
    log.run({ ...row, now, outcome: 'discarded', reason, detail: null });
    markDiscarded.run({ saleId: row.saleId, reason, now });
  });

  const editTransaction = sqlite.transaction((row: Row, sale: ValidSale, now: number) => {
    const previous = {
      shopId: row.shopId,
      customerId: row.customerId,
      paymentMethod: row.paymentMethod,
      currency: row.currency,
      totalMinor: row.totalMinor,
      items: oldItems.all(row.saleId),
    };
    log.run({
      ...row,
      now,
      outcome: 'edited',
      reason: 'Fixed by a person: a new revision',
      detail: JSON.stringify(previous),
    });
    deleteItems.run(row.saleId);
    sale.lines.forEach((line, index) =>
      insertItem.run({ saleId: row.saleId, lineNumber: index + 1, ...line }),
    );
    updateSale.run({ saleId: row.saleId, ...sale });
    newRevision.run({ saleId: row.saleId, key: randomUUID(), now });
  });

  return {
    listConflicts: () =>
      (listRows.all() as Array<Omit<ConflictSummary, 'uncertain'> & { uncertain: number }>).map(
        (row) => ({ ...row, uncertain: row.uncertain === 1 }),
      ),

    /** Sales an unanswered attempt may have stored, not proven stored once. */
    listUncertain: () => uncertainRows.all() as UncertainSale[],

    retryConflict(idOrReceipt: string, now = Date.now()): Result<ConflictChange> {
      const found = findConflict(idOrReceipt);
      if (!found.ok) return found;
      retryTransaction.immediate(found.value, now);
      return ok(change(found.value, 'pending'));
    },

    /**
     * A fixed sale goes out under a new key. If an attempt of the old revision got no
     * answer, the platform may already hold it: a new key could make a second copy, so
     * the person must say they checked the platform first.
     */
    editConflict(
      idOrReceipt: string,
      input: unknown,
      options: { checkedPlatform?: boolean; now?: number } = {},
    ): Result<ConflictChange> {
      const now = options.now ?? Date.now();
      const found = findConflict(idOrReceipt);
      if (!found.ok) return found;
      if (found.value.unansweredAttempts > 0 && !options.checkedPlatform) {
        return fail({
          code: 'may_be_on_platform',
          message: `Sale #${found.value.receiptNumber} may already be on the platform: an attempt to send it got no answer. Look for it on the platform first. If it is there, discard this one; if it is not, edit it again and confirm that you checked.`,
        });
      }
      const valid = validateSale(input);
      if (!valid.ok) return valid;
      editTransaction.immediate(found.value, valid.value, now);
      return ok(change(found.value, 'pending', found.value.revision + 1));
    },

    discardConflict(idOrReceipt: string, input: unknown, now = Date.now()): Result<ConflictChange> {
      const parsed = discardReason.safeParse(input);
      if (!parsed.success) return fail(invalidInput('The discard is not valid', parsed.error));
      const found = findConflict(idOrReceipt);
      if (!found.ok) return found;
      discardTransaction.immediate(found.value, parsed.data.reason, now);
      return ok(change(found.value, 'discarded'));
    },
  };
}
