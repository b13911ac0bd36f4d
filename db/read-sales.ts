// Reading sales back: one sale whole, a filtered page of sales, and counts per state.
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from './drizzle.js';
import { z } from 'zod';
import { invalidInput } from './field-errors.js';
import { fromScaledInteger, QUANTITY_DECIMALS } from '../domain/money.js';
import { mergeOrdered, type History } from './history.js';
import type { TillDatabase } from './open.js';
import { typedQuery, type TypedStatement } from './typed-sql.js';
import type { SaleSummary, SaleView } from '../domain/sale.js';
import { countPerState, type OutboxState } from '../domain/sale-states.js';
import { fail, ok, type Result } from '../domain/result.js';
import { OUTBOX_STATES } from '../domain/sale-states.js';
import { givenDiscountOf, saleChoiceColumns, saleColumns } from './sale-columns.js';
import { outbox, outboxCounts, saleItems, sales } from './schema.js';
import { said } from '../domain/i18n/said.js';

export const saleFilterSchema = z.strictObject({
  state: z.enum(OUTBOX_STATES).optional(),
  /** Inclusive lower bound, ms since epoch. */
  from: z.number().int().nonnegative().optional(),
  /** Exclusive upper bound, ms since epoch. */
  to: z.number().int().nonnegative().optional(),
  limit: z.number().int().min(1).max(500).default(50),
  /** Receipt number to continue below (newest first). */
  before: z.number().int().positive().optional(),
});
export type SaleFilter = z.input<typeof saleFilterSchema>;

export interface SalePage {
  sales: SaleSummary[];
  /** Pass as `before` to get the next page; null on the last page. */
  nextBefore: number | null;
}

const summaryColumns = {
  ...saleColumns,
  ...saleChoiceColumns,
  state: outbox.state,
  lastErrorReason: outbox.lastErrorReason,
  uncertain: outbox.uncertain,
};

/** Sales per outbox state: all the sync engine reads of the sales (for its status). */
export function createStateCounts({ db }: TillDatabase): () => Record<OutboxState, number> {
  // Kept by triggers on the outbox: a read of five rows, however long the history.
  const selectCounts = db
    .select({ state: outboxCounts.state, count: outboxCounts.count })
    .from(outboxCounts)
    .prepare();
  return () => {
    const counts = Object.fromEntries(selectCounts.all().map((row) => [row.state, row.count]));
    return countPerState((state) => Number(counts[state] ?? 0));
  };
}

export function createSaleReader(database: TillDatabase, history?: History) {
  const { db, sqlite } = database;
  const selectSale = db
    .select()
    .from(sales)
    .innerJoin(outbox, eq(outbox.saleId, sales.id))
    .where(eq(sales.id, sql.placeholder('id')))
    .prepare();
  const selectItems = db
    .select()
    .from(saleItems)
    .where(eq(saleItems.saleId, sql.placeholder('id')))
    .orderBy(asc(saleItems.lineNumber))
    .prepare();
  const countByState = createStateCounts(database);

  type ArchivedFilter = {
    state: OutboxState | null;
    from: number | null;
    to: number | null;
    before: number | null;
    limit: number;
  };
  const archivedPages = new Map<string, TypedStatement<ArchivedFilter, SaleSummary>>();
  const archivedPage = (schema: string) => {
    let statement = archivedPages.get(schema);
    if (!statement) {
      statement = typedQuery<typeof summaryColumns, ArchivedFilter>(
        sqlite,
        summaryColumns,
        (list) => `
        select ${list}
          from ${schema}.sales s join ${schema}.outbox o on o.sale_id = s.id
         where (@state is null or o.state = @state)
           and (@from is null or s.created_at >= @from)
           and (@to is null or s.created_at < @to)
           and (@before is null or s.receipt_number < @before)
           and ${history!.notInMain('s')}
         order by s.receipt_number desc limit @limit`,
        { sales: 's', outbox: 'o' },
      );
      archivedPages.set(schema, statement);
    }
    return statement;
  };

  function getSale(id: string): SaleView | undefined {
    const row = selectSale.get({ id });
    if (!row) return undefined;
    const items = selectItems.all({ id }).map((item) => ({
      lineNumber: item.lineNumber,
      productId: item.productId,
      quantity: fromScaledInteger(item.quantityMilli, QUANTITY_DECIMALS),
      unitPriceMinor: item.unitPriceMinor,
      lineTotalMinor: item.lineTotalMinor,
      discount: givenDiscountOf(item, item.lineDiscountMinor),
      saleDiscountShareMinor: item.saleDiscountShareMinor,
      chargedTotalMinor: item.lineTotalMinor - item.lineDiscountMinor - item.saleDiscountShareMinor,
    }));
    const o = row.outbox;
    const outboxView: SaleView['outbox'] = {
      state: o.state,
      idempotencyKey: o.idempotencyKey,
      revision: o.revision,
      attempts: o.attempts,
      nextAttemptAt: o.nextAttemptAt,
      lastHttpStatus: o.lastHttpStatus,
      lastErrorCode: o.lastErrorCode,
      lastErrorReason: o.lastErrorReason,
      platformId: o.platformId,
      syncedAt: o.syncedAt,
      discardReason: o.discardReason,
      voidReason: o.voidReason,
      voidedAt: o.voidedAt,
      unansweredAttempts: o.unansweredAttempts,
      uncertain: o.uncertain,
    };
    const {
      id: saleId,
      discountBasisPoints,
      discountAmountMinor,
      discountReason,
      discountMinor,
      discountApprovedBy: _approvedBy,
      ...sale
    } = row.sales;
    const discount = givenDiscountOf(
      { discountBasisPoints, discountAmountMinor, discountReason },
      discountMinor,
    );
    const subtotalMinor = items.reduce((sum, item) => sum + item.lineTotalMinor, 0);
    return { ...sale, saleId, items, subtotalMinor, discount, outbox: outboxView };
  }

  function listSales(filter: unknown = {}): Result<SalePage> {
    const parsed = saleFilterSchema.safeParse(filter);
    if (!parsed.success) return fail(invalidInput(said('store.salesFilterNotValid'), parsed.error));
    const { state, from, to, limit, before } = parsed.data;
    const conditions: SQL[] = [];
    if (state) conditions.push(eq(outbox.state, state));
    if (from !== undefined) conditions.push(gte(sales.createdAt, from));
    if (to !== undefined) conditions.push(lt(sales.createdAt, to));
    if (before !== undefined) conditions.push(lt(sales.receiptNumber, before));
    const rows = db
      .select(summaryColumns)
      .from(sales)
      .innerJoin(outbox, eq(outbox.saleId, sales.id))
      .where(and(...conditions))
      .orderBy(desc(sales.receiptNumber))
      .limit(limit + 1)
      .all();
    // Older pages may lie in the archives: the same filter there, merged by receipt.
    const archived = (history?.archiveSchemas() ?? []).map((schema) =>
      archivedPage(schema).iterate({
        state: state ?? null,
        from: from ?? null,
        to: to ?? null,
        before: before ?? null,
        limit: limit + 1,
      }),
    );
    const merged =
      archived.length === 0
        ? rows
        : [...mergeOrdered([rows.values(), ...archived], (row) => row.receiptNumber, true)].slice(
            0,
            limit + 1,
          );
    const page = merged.slice(0, limit);
    const nextBefore = merged.length > limit ? (page.at(-1)?.receiptNumber ?? null) : null;
    return ok({ sales: page, nextBefore });
  }

  /** The summaries of these sales, newest first (for events that carry what changed). */
  function summariesOf(ids: readonly string[]): SaleSummary[] {
    if (ids.length === 0) return [];
    return db
      .select(summaryColumns)
      .from(sales)
      .innerJoin(outbox, eq(outbox.saleId, sales.id))
      .where(inArray(sales.id, [...ids]))
      .orderBy(desc(sales.receiptNumber))
      .all();
  }

  return { getSale, listSales, summariesOf, countByState };
}
