// A void: a charged sale taken back before any attempt to send it. One IMMEDIATE
// transaction whose UPDATE states, in its WHERE, the row the engine's claim takes (pending,
// unclaimed) and that nothing was ever sent: SQLite runs one writer at a time, so the void
// and the claim are one decision. Whichever commits first wins; the engine never sends a
// voided sale, and a void never takes a sale the engine claimed.
import { and, eq, inArray, isNull, notExists, sql } from './drizzle.js';
import { prepareAttemptLog } from './attempt-log.js';
import type { Cashiers } from './cashiers.js';
import type { History } from './history.js';
import { CASH_TAKEN } from './day-totals.js';
import { invalidInput } from './field-errors.js';
import type { TillDatabase } from './open.js';
import { placeholdersOf } from './placeholders.js';
import { PENDING_ROWS, outbox, sales, syncAttempts } from './schema.js';
import type { Act, Shifts } from './shifts.js';
import { computed, typedQuery } from './typed-sql.js';
import { SENT_OUTCOMES } from '../domain/outcomes.js';
import { fail, ok, type Result } from '../domain/result.js';
import { said } from '../domain/i18n/said.js';
import {
  hasReturns,
  voidSaleInput,
  whyNotVoidable,
  type VoidedSale,
  type VoidFacts,
} from '../domain/void.js';

const targetColumns = {
  saleId: sales.id,
  receiptNumber: sales.receiptNumber,
  currency: sales.currency,
  totalMinor: sales.totalMinor,
  cashMinor: computed<number>(CASH_TAKEN),
  state: outbox.state,
  revision: outbox.revision,
  idempotencyKey: outbox.idempotencyKey,
  uncertain: outbox.uncertain,
};

type VoidParams = { saleId: string; reason: string; now: number; cashierId: string | null };

function markVoidedStatement({ db }: TillDatabase) {
  const at = placeholdersOf<VoidParams>();
  const sent = db
    .select({ one: sql`1` })
    .from(syncAttempts)
    .where(
      and(eq(syncAttempts.saleId, outbox.saleId), inArray(syncAttempts.outcome, SENT_OUTCOMES)),
    );
  return db
    .update(outbox)
    .set({
      state: 'voided',
      voidReason: at('reason'),
      voidedAt: at('now'),
      voidedBy: at('cashierId'),
      nextAttemptAt: null,
      updatedAt: at('now'),
    })
    .where(
      and(
        eq(outbox.saleId, at('saleId')),
        // The row the engine's claim takes (db/outbox-writes.ts), as its WHERE says it...
        sql.raw(PENDING_ROWS),
        isNull(outbox.claimOwner),
        // ...and nothing of it ever went to the platform, nor is on the wire.
        isNull(outbox.inFlightAt),
        eq(outbox.attempts, 0),
        eq(outbox.unansweredAttempts, 0),
        eq(outbox.uncertain, false),
        notExists(sent),
      ),
    )
    .prepare();
}

/** The receipt typed names no sale: said in words, and as the field at fault. */
const notFound = (idOrReceipt: string) =>
  fail({
    code: 'not_found',
    ...said('store.noSaleHere', { sale: idOrReceipt }),
    fields: [{ path: '/receipt', ...said('field.notASaleHere') }],
  });

export function createVoids(
  database: TillDatabase,
  shifts: Pick<Shifts, 'saleWithdrawn'>,
  cashiers: Pick<Cashiers, 'nameOf'>,
  history?: Pick<History, 'archiveSchemas'>,
) {
  const { sqlite } = database;
  /** A sale moved to an archive (synced, discarded or voided long ago): where it stands. */
  const archivedFacts = (receipt: number): VoidFacts | undefined => {
    for (const schema of history?.archiveSchemas() ?? []) {
      const facts = sqlite
        .prepare<[number], { state: VoidFacts['state']; uncertain: number }>(
          `select o.state, o.uncertain from ${schema}.sales s
            join ${schema}.outbox o on o.sale_id = s.id where s.receipt_number = ?`,
        )
        .get(receipt);
      if (facts) return { receiptNumber: receipt, ...facts, uncertain: facts.uncertain === 1 };
    }
    return undefined;
  };
  const findRow = typedQuery<typeof targetColumns, { id: string; receipt: number }>(
    sqlite,
    targetColumns,
    (list) => `select ${list} from sales s join outbox o on o.sale_id = s.id
    where s.id = @id or s.receipt_number = @receipt`,
    { sales: 's', outbox: 'o' },
  );
  const markVoided = markVoidedStatement(database);
  const returnsOf = sqlite
    .prepare<[string], number>('select return_number from returns where sale_id = ? order by 1')
    .pluck();
  const logAttempt = prepareAttemptLog(database);

  const voidTransaction = sqlite.transaction(
    (idOrReceipt: string, reason: string, act: Act): Result<VoidedSale> => {
      const receipt = /^#?\d+$/.test(idOrReceipt) ? Number(idOrReceipt.replace('#', '')) : -1;
      const row = findRow.get({ id: idOrReceipt, receipt });
      if (!row) return notFound(idOrReceipt);
      // Goods of it came back by a return: voiding it too would give the money back twice.
      const returned = returnsOf.all(row.saleId);
      if (returned.length > 0)
        return fail({ code: 'not_voidable', ...hasReturns(row.receiptNumber, returned) });
      const params = { saleId: row.saleId, reason, ...act };
      // Not taken: read in the same transaction, the row says why.
      if (markVoided.run(params).changes !== 1)
        return fail({ code: 'not_voidable', ...whyNotVoidable(row) });
      logAttempt({
        saleId: row.saleId,
        revision: row.revision,
        idempotencyKey: row.idempotencyKey,
        startedAt: act.now,
        durationMs: 0,
        outcome: 'voided',
        reason,
      });
      const corrected = shifts.saleWithdrawn(row.saleId, 'voided', reason, act);
      return ok({
        saleId: row.saleId,
        receiptNumber: row.receiptNumber,
        state: 'voided',
        currency: row.currency,
        totalMinor: row.totalMinor,
        cashMinor: row.cashMinor,
        reason,
        voidedAt: act.now,
        voidedBy: cashiers.nameOf(act.cashierId),
        corrected,
      });
    },
  );

  return {
    /**
     * Voids a sale (by sale id or receipt number) never sent: with a reason, who and when.
     * Bad input or a sale that cannot be voided is refused with the reason; nothing is written.
     */
    voidSale(
      idOrReceipt: string,
      input: unknown,
      act: { now?: number; cashierId?: string | null } = {},
    ): Result<VoidedSale> {
      const parsed = voidSaleInput.safeParse(input);
      if (!parsed.success) return fail(invalidInput(said('store.voidNotValid'), parsed.error));
      const by = { now: act.now ?? Date.now(), cashierId: act.cashierId ?? null };
      const voided = voidTransaction.immediate(idOrReceipt, parsed.data.reason, by);
      if (voided.ok || voided.error.code !== 'not_found') return voided;
      // Not on the till but in an archive: say why it cannot be voided, not "no such sale"
      // (archives are attached outside the transaction: SQLite cannot attach inside one).
      const receipt = /^#?\d+$/.test(idOrReceipt) ? Number(idOrReceipt.replace('#', '')) : -1;
      const archived = archivedFacts(receipt);
      return archived ? fail({ code: 'not_voidable', ...whyNotVoidable(archived) }) : voided;
    },
  };
}
