// What a person can do with a sale the platform refused: send it again as it is, fix it
// (a new revision with a new idempotency key; the old revision stays in the attempt log),
// or discard it with a reason (the sale stays in the database, marked discarded).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { invalidInput } from './field-errors.js';
import type { AttemptLogOutcome } from '../domain/outcomes.js';
import { prepareAttemptLog } from './attempt-log.js';
import { prepareRefusedWrites } from './refused-writes.js';
import type { TillDatabase } from './open.js';
import { saleChoiceColumns, saleColumns } from './sale-columns.js';
import { REFUSED_ROWS, UNCERTAIN_ROWS, outbox, sales } from './schema.js';
import { typedQuery, type RowOf } from './typed-sql.js';
import type { RefusedChange, RefusedSummary } from '../domain/sale.js';
import { prepareLineDiscounts, prepareSaleItemInsert, prepareSaleLines } from './sale-items.js';
import { fail, invalidFields, ok, type Result } from '../domain/result.js';
import { currencyDecimals } from '../domain/money.js';
import { moneyChangesOf } from '../domain/sale-edit.js';
import {
  keepDiscounts,
  type CorrectedSale,
  type LineDiscountColumns,
} from '../domain/corrected-sale.js';
import { untakenMethod } from '../domain/payment-methods.js';
import type { SettingsStore } from './settings.js';
import type { Shifts } from './shifts.js';
import { fieldSays, said } from '../domain/i18n/said.js';

const refusedColumns = {
  ...saleColumns,
  paymentMethod: sales.paymentMethod,
  revision: outbox.revision,
  attempts: outbox.attempts,
  lastHttpStatus: outbox.lastHttpStatus,
  lastErrorCode: outbox.lastErrorCode,
  lastErrorReason: outbox.lastErrorReason,
  uncertain: outbox.uncertain,
};
export type { RefusedSummary };

/** A sale that may be on the platform twice, or once though parked: a person should check. */
const uncertainColumns = {
  ...saleColumns,
  state: outbox.state,
  unansweredAttempts: outbox.unansweredAttempts,
  platformId: outbox.platformId,
};
export type UncertainSale = RowOf<typeof uncertainColumns>;

/** What an action on a refused sale needs to know of it. */
const targetColumns = {
  ...saleColumns,
  ...saleChoiceColumns,
  state: outbox.state,
  revision: outbox.revision,
  idempotencyKey: outbox.idempotencyKey,
  unansweredAttempts: outbox.unansweredAttempts,
};
type Row = RowOf<typeof targetColumns>;

/** A corrected sale as it is written: with the shop and customer it will carry. */
type RevisedSale = Pick<CorrectedSale, 'paymentMethod'> & {
  lines: Array<CorrectedSale['lines'][number] & LineDiscountColumns>;
  shopId: string | null;
  customerId: string | null;
};

const aliases = { sales: 's', outbox: 'o' };

export type { RefusedChange };

const discardReason = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, fieldSays('field.discard.reason'))
    .max(500, fieldSays('field.atMostCharacters', { max: 500 })),
});

export function createRefusedActions(
  database: TillDatabase,
  settingsStore: SettingsStore,
  shifts: Pick<Shifts, 'saleWithdrawn'>,
) {
  const { sqlite } = database;
  const listRows = typedQuery(
    sqlite,
    refusedColumns,
    (list) => `select ${list} from outbox o join sales s on s.id = o.sale_id
    where ${REFUSED_ROWS} order by s.receipt_number`,
    aliases,
  );
  const uncertainRows = typedQuery(
    sqlite,
    uncertainColumns,
    (list) => `select ${list} from outbox o join sales s on s.id = o.sale_id
    where ${UNCERTAIN_ROWS} order by s.receipt_number`,
    aliases,
  );
  const findRow = typedQuery<typeof targetColumns, { id: string; receipt: number }>(
    sqlite,
    targetColumns,
    (list) => `select ${list} from sales s join outbox o on o.sale_id = s.id
    where s.id = @id or s.receipt_number = @receipt`,
    aliases,
  );
  const oldItems = prepareSaleLines(database);
  const logAttempt = prepareAttemptLog(database);
  /** A person's action, in the attempt log of the revision it acted on. */
  const log = (
    row: Row,
    now: number,
    outcome: AttemptLogOutcome,
    reason: string,
    detail?: string,
  ) =>
    logAttempt({
      saleId: row.saleId,
      revision: row.revision,
      idempotencyKey: row.idempotencyKey,
      startedAt: now,
      durationMs: 0,
      outcome,
      reason,
      detail: detail ?? null,
    });
  const writes = prepareRefusedWrites(database);
  const insertItem = prepareSaleItemInsert(database);
  const lineDiscounts = prepareLineDiscounts(database);

  /** A refused sale by sale id or receipt number, or the reason it cannot be acted on. */
  function findRefused(idOrReceipt: string): Result<Row> {
    const receipt = /^#?\d+$/.test(idOrReceipt) ? Number(idOrReceipt.replace('#', '')) : -1;
    const row = findRow.get({ id: idOrReceipt, receipt });
    if (!row)
      return fail({ code: 'not_found', ...said('store.noSuchSale', { sale: idOrReceipt }) });
    if (row.state !== 'refused') {
      return fail({
        code: 'not_refused',
        ...said('store.notRefused', { receipt: row.receiptNumber, state: row.state }),
      });
    }
    return ok(row);
  }

  const change = (
    row: Row,
    state: RefusedChange['state'],
    revision = row.revision,
  ): RefusedChange => ({
    saleId: row.saleId,
    receiptNumber: row.receiptNumber,
    state,
    revision,
  });

  const retryTransaction = sqlite.transaction((row: Row, now: number) => {
    log(row, now, 'retried', 'Sent again as it is, by a person');
    writes.makePending({ saleId: row.saleId, now });
  });

  const discardTransaction = sqlite.transaction(
    (row: Row, reason: string, act: { now: number; cashierId: string | null }) => {
      log(row, act.now, 'discarded', reason);
      writes.markDiscarded({ saleId: row.saleId, reason, now: act.now });
      shifts.saleWithdrawn(row.saleId, 'discarded', reason, act);
    },
  );

  const editTransaction = sqlite.transaction((row: Row, sale: RevisedSale, now: number) => {
    const previous = {
      shopId: row.shopId,
      customerId: row.customerId,
      paymentMethod: row.paymentMethod,
      currency: row.currency,
      totalMinor: row.totalMinor,
      items: oldItems.of([row.saleId]).get(row.saleId) ?? [],
    };
    log(row, now, 'edited', 'Fixed by a person: a new revision', JSON.stringify(previous));
    writes.deleteItems({ saleId: row.saleId });
    sale.lines.forEach((line, index) =>
      insertItem.run({ saleId: row.saleId, lineNumber: index + 1, ...line }),
    );
    const { shopId, customerId, paymentMethod } = sale;
    writes.updateSale({ saleId: row.saleId, shopId, customerId, paymentMethod });
    writes.newRevision({ saleId: row.saleId, key: randomUUID(), now });
  });

  return {
    listRefused: (): RefusedSummary[] => listRows.all(),

    /** Sales an unanswered attempt may have stored, not proven stored once. */
    listUncertain: (): UncertainSale[] => uncertainRows.all(),

    retryRefused(idOrReceipt: string, now = Date.now()): Result<RefusedChange> {
      const found = findRefused(idOrReceipt);
      if (!found.ok) return found;
      retryTransaction.immediate(found.value, now);
      return ok(change(found.value, 'pending'));
    },

    /**
     * A fixed sale goes out under a new key, with the same total and the same kind of
     * payment (domain/sale-edit.ts: money taken never changes). It comes checked and priced
     * (domain/corrected-sale.ts, parsed where it came in): what is left to check needs the
     * till's settings. If an attempt of the old revision got no answer, the platform may
     * already hold it: a new key could make a second copy, so the person must say they
     * checked the platform first.
     */
    editRefused(
      idOrReceipt: string,
      sale: CorrectedSale,
      options: { checkedPlatform?: boolean; now?: number } = {},
    ): Result<RefusedChange> {
      const now = options.now ?? Date.now();
      const found = findRefused(idOrReceipt);
      if (!found.ok) return found;
      if (found.value.unansweredAttempts > 0 && !options.checkedPlatform) {
        return fail({
          code: 'may_be_on_platform',
          ...said('store.mayBeOnPlatform', { receipt: found.value.receiptNumber }),
        });
      }
      const settings = settingsStore.read();
      const untaken = untakenMethod(settings.paymentMethods, sale.paymentMethod);
      if (untaken) return fail(invalidFields(said('store.saleNotValid'), [untaken]));
      const paid = found.value;
      // A discounted sale keeps its discounts: its lines' prices stay (domain/corrected-sale.ts).
      // Checked against the till's currency now: it may have changed since the sale was paid.
      const kept = keepDiscounts(lineDiscounts.of(paid.saleId), sale);
      if (!kept.ok)
        return fail(
          invalidFields(said('store.editChangesMoney'), [
            { path: kept.path, message: kept.message, ...(kept.say ? { say: kept.say } : {}) },
          ]),
        );
      const edited = { ...sale, totalMinor: kept.totalMinor, currency: settings.currency };
      const moneyChanges = moneyChangesOf(paid, edited, currencyDecimals(paid.currency));
      if (moneyChanges.length > 0)
        return fail(invalidFields(said('store.editChangesMoney'), moneyChanges));
      const revised: RevisedSale = {
        paymentMethod: sale.paymentMethod,
        lines: kept.lines,
        shopId: sale.shopId ?? settings.shopId,
        customerId: sale.customerId ?? null,
      };
      editTransaction.immediate(paid, revised, now);
      return ok(change(paid, 'pending', paid.revision + 1));
    },

    discardRefused(
      idOrReceipt: string,
      input: unknown,
      now = Date.now(),
      cashierId: string | null = null,
    ): Result<RefusedChange> {
      const parsed = discardReason.safeParse(input);
      if (!parsed.success) return fail(invalidInput(said('store.discardNotValid'), parsed.error));
      const found = findRefused(idOrReceipt);
      if (!found.ok) return found;
      discardTransaction.immediate(found.value, parsed.data.reason, { now, cashierId });
      return ok(change(found.value, 'discarded'));
    },
  };
}
