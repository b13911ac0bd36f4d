// Finding the sale a return is made against: by its receipt number (typed, or the code
// scanned off its receipt), or by day, charged total or customer. The till's own file and
// its yearly archives are read alike (db/history.ts), so an archived sale is returnable
// with no connection; a sale in both is the main file's.
import { invalidInput } from './field-errors.js';
import type { History } from './history.js';
import type { TillDatabase } from './open.js';
import { customers, outbox, products, saleItems, sales } from './schema.js';
import { computed, leftJoined, typedQuery, type RowOf, type TypedStatement } from './typed-sql.js';
import { dayRange } from '../domain/time-zone.js';
import { receiptNumberOf } from '../domain/receipt-code.js';
import { fail, invalidFields, ok, type Result } from '../domain/result.js';
import {
  notReturnableOf,
  returnSearchInput,
  whyNotReturnable,
  type ReturnCandidate,
} from '../domain/returns.js';
import { said } from '../domain/i18n/said.js';

const saleColumns = {
  saleId: sales.id,
  receiptNumber: sales.receiptNumber,
  createdAt: sales.createdAt,
  currency: sales.currency,
  totalMinor: sales.totalMinor,
  paymentMethod: sales.paymentMethod,
  customerName: leftJoined(customers.name),
  state: outbox.state,
};
export type FoundSaleRow = RowOf<typeof saleColumns> & { archived: boolean; schema: string };

const lineColumns = {
  lineNumber: saleItems.lineNumber,
  productId: saleItems.productId,
  name: leftJoined(products.name),
  quantityMilli: saleItems.quantityMilli,
  // What was charged for the line after its own discount and its share of the sale's.
  chargedMinor: computed<number>(
    'i.line_total_minor - i.line_discount_minor - i.sale_discount_share_minor',
  ),
};
export type SoldLine = RowOf<typeof lineColumns>;

type SearchParams = {
  receipt: number | null;
  from: number | null;
  to: number | null;
  amount: number | null;
  customer: string | null;
  limit: number;
};

/** What a search may ask, each with its condition on the sale (`s`) and its customer (`c`). */
const CONDITIONS: ReadonlyArray<{ param: Exclude<keyof SearchParams, 'limit'>; sql: string }> = [
  { param: 'receipt', sql: 's.receipt_number = @receipt' },
  { param: 'from', sql: 's.created_at >= @from' },
  { param: 'to', sql: 's.created_at < @to' },
  { param: 'amount', sql: 's.total_minor = @amount' },
  {
    param: 'customer',
    sql: "(s.customer_id = @customer or c.name like '%' || @customer || '%')",
  },
];

/** "1042", "#1042" or a scanned "TSR1042": the receipt number, or null. */
export function receiptNumberIn(text: string): number | null {
  const typed = /^\s*#?([1-9]\d{0,14})\s*$/.exec(text);
  return typed ? Number(typed[1]) : receiptNumberOf(text);
}

/** `timeZone`: the till's, which a search by day follows. */
export function createReturnSearch(
  { sqlite }: TillDatabase,
  timeZone: () => string,
  history?: History,
) {
  const searches = new Map<
    string,
    TypedStatement<Partial<SearchParams>, RowOf<typeof saleColumns>>
  >();
  const lines = new Map<string, TypedStatement<{ id: string }, SoldLine>>();
  const schemas = () => ['main', ...(history?.archiveSchemas() ?? [])];

  // Customers and product names come from today's catalog, in the main file. A statement
  // states only the conditions given: "(@x is null or ...)" would keep SQLite from using
  // the receipt and time indexes, and every archive would be read whole.
  const searchIn = (schema: string, params: SearchParams) => {
    const given = CONDITIONS.filter((condition) => params[condition.param] !== null);
    const key = `${schema}:${given.map((condition) => condition.param).join(',')}`;
    let statement = searches.get(key);
    if (!statement) {
      const where = [
        ...given.map((condition) => condition.sql),
        ...(schema === 'main' || !history ? [] : [history.notInMain('s')]),
      ];
      statement = typedQuery<typeof saleColumns, Partial<SearchParams>>(
        sqlite,
        saleColumns,
        (list) => `
        select ${list}
          from ${schema}.sales s join ${schema}.outbox o on o.sale_id = s.id
          left join main.customers c on c.id = s.customer_id
         ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
         order by s.receipt_number desc limit @limit`,
        { sales: 's', outbox: 'o', customers: 'c' },
      );
      searches.set(key, statement);
    }
    const bound = Object.fromEntries(
      given.map((condition) => [condition.param, params[condition.param]]),
    );
    return statement.all({ ...bound, limit: params.limit });
  };

  const run = (params: SearchParams): FoundSaleRow[] =>
    schemas()
      .flatMap((schema) =>
        searchIn(schema, params).map((row) => ({ ...row, schema, archived: schema !== 'main' })),
      )
      .sort((a, b) => b.receiptNumber - a.receiptNumber)
      .slice(0, params.limit);

  /** The sale with this receipt number (typed or scanned), wherever it is kept. */
  function findSale(receiptOrCode: string): FoundSaleRow | undefined {
    const receipt = receiptNumberIn(receiptOrCode);
    if (receipt === null) return undefined;
    const none = { from: null, to: null, amount: null, customer: null };
    return run({ receipt, ...none, limit: 1 })[0];
  }

  /** The lines the sale was charged for, with today's names for its products. */
  function soldLines(sale: FoundSaleRow): SoldLine[] {
    let statement = lines.get(sale.schema);
    if (!statement) {
      statement = typedQuery<typeof lineColumns, { id: string }>(
        sqlite,
        lineColumns,
        (list) => `select ${list} from ${sale.schema}.sale_items i
          left join main.products p on p.id = i.product_id
          where i.sale_id = @id order by i.line_number`,
        { sale_items: 'i', products: 'p' },
      );
      lines.set(sale.schema, statement);
    }
    return statement.all({ id: sale.saleId });
  }

  /** Sales of a day, of a charged total or of a customer (id or part of the name), newest first. */
  function searchSales(input: unknown): Result<ReturnCandidate[]> {
    const parsed = returnSearchInput.safeParse(input);
    if (!parsed.success) return fail(invalidInput(said('store.searchNotValid'), parsed.error));
    const { day, amountMinor, customer, limit } = parsed.data;
    const range = day === undefined ? undefined : dayRange(day, timeZone());
    if (day !== undefined && !range)
      return fail(
        invalidFields(said('store.searchNotValid'), [
          { path: '/day', ...said('field.search.notARealDay') },
        ]),
      );
    const rows = run({
      receipt: null,
      from: range?.from ?? null,
      to: range?.to ?? null,
      amount: amountMinor ?? null,
      customer: customer ?? null,
      limit,
    });
    return ok(rows.map(candidateOf));
  }

  return { findSale, soldLines, searchSales };
}

export const candidateOf = ({ schema: _schema, ...row }: FoundSaleRow): ReturnCandidate => ({
  ...row,
  ...notReturnableOf(whyNotReturnable(row.receiptNumber, row.state)),
});
