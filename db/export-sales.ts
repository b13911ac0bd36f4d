// Sales as they leave the till for an accountant or support: every sale in a time range,
// oldest first, with its lines, totals, sync state and the names the catalog gives its
// products and customer. Read lazily, so a year of sales never sits in memory at once.
import { currencyDecimals, fromScaledInteger, QUANTITY_DECIMALS } from './money.js';
import type { Statement } from 'better-sqlite3';
import { mergeOrdered, type History } from './history.js';
import type { TillDatabase } from './open.js';
import type { OutboxState } from './schema.js';

export interface ExportedLine {
  line: number;
  productId: string;
  /** The product's name in today's catalog; null when it is not in the catalog. */
  productName: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export interface ExportedSale {
  receiptNumber: number;
  id: string;
  createdAt: number;
  shopId: string | null;
  customerId: string | null;
  customerName: string | null;
  paymentMethod: string;
  currency: string;
  total: number;
  state: OutboxState;
  syncedAt: number | null;
  /** The sale's id on the platform, once synced. */
  platformId: string | null;
  /** Why the platform refused it, or why the last attempt failed. */
  lastErrorReason: string | null;
  discardReason: string | null;
  /** Sent without an answer and not proven stored once: may be on the platform (twice). */
  uncertain: boolean;
  lines: ExportedLine[];
}

export interface ExportRange {
  /** Inclusive, ms since epoch. */
  from?: number;
  /** Exclusive, ms since epoch. */
  to?: number;
}

/** One row of the join: a sale, and one of its lines (all null for a sale without lines). */
interface Row extends Omit<ExportedSale, 'total' | 'lines' | 'uncertain'>, Nullable<LineRow> {
  totalMinor: number;
  uncertain: number;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

interface LineRow {
  line: number;
  productId: string;
  productName: string | null;
  quantityMilli: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
}

export function createSaleExport({ sqlite }: TillDatabase, history?: History) {
  // One pass over sales joined to their lines (a sale's rows are consecutive): one
  // statement per file (the till's and each archive's) for the whole export, merged in
  // receipt order. Product and customer names come from today's catalog.
  const rowsIn = (schema: string) => `
    select s.receipt_number as receiptNumber, s.id, s.created_at as createdAt,
           s.shop_id as shopId, s.customer_id as customerId, c.name as customerName,
           s.payment_method as paymentMethod, s.currency, s.total_minor as totalMinor,
           o.state, o.synced_at as syncedAt, o.remote_id as platformId,
           o.last_error_reason as lastErrorReason, o.discard_reason as discardReason, o.uncertain,
           i.line_number as line, i.product_id as productId, p.name as productName,
           i.quantity_milli as quantityMilli, i.unit_price_minor as unitPriceMinor,
           i.line_total_minor as lineTotalMinor
      from ${schema}.sales s
      join ${schema}.outbox o on o.sale_id = s.id
      left join main.customers c on c.id = s.customer_id
      left join ${schema}.sale_items i on i.sale_id = s.id
      left join main.products p on p.id = i.product_id
     where s.created_at >= @from and s.created_at < @to${onlyHere(schema, 's')}
     order by s.receipt_number, i.line_number`;
  const countIn = (schema: string) =>
    `select count(*) as n from ${schema}.sales s where created_at >= @from and created_at < @to${onlyHere(schema, 's')}`;
  const onlyHere = (schema: string, alias: string) =>
    schema === 'main' || !history ? '' : ` and ${history.notInMain(alias)}`;
  const statements = new Map<string, Statement>();
  const prepared = (sqlText: string) => {
    let statement = statements.get(sqlText);
    if (!statement) statements.set(sqlText, (statement = sqlite.prepare(sqlText)));
    return statement;
  };
  const schemas = () => [...(history?.archiveSchemas() ?? []), 'main'];

  const bounds = (range: ExportRange) => ({
    from: range.from ?? 0,
    to: range.to ?? Number.MAX_SAFE_INTEGER,
  });

  function saleOf(row: Row): ExportedSale {
    const decimals = currencyDecimals(row.currency);
    return {
      receiptNumber: row.receiptNumber,
      id: row.id,
      createdAt: row.createdAt,
      shopId: row.shopId,
      customerId: row.customerId,
      customerName: row.customerName,
      paymentMethod: row.paymentMethod,
      currency: row.currency,
      total: fromScaledInteger(row.totalMinor, decimals),
      state: row.state,
      syncedAt: row.syncedAt,
      platformId: row.platformId,
      lastErrorReason: row.lastErrorReason,
      discardReason: row.discardReason,
      uncertain: row.uncertain === 1,
      lines: [],
    };
  }

  function lineOf(row: Row & LineRow): ExportedLine {
    const decimals = currencyDecimals(row.currency);
    return {
      line: row.line,
      productId: row.productId,
      productName: row.productName,
      quantity: fromScaledInteger(row.quantityMilli, QUANTITY_DECIMALS),
      unitPrice: fromScaledInteger(row.unitPriceMinor, decimals),
      lineTotal: fromScaledInteger(row.lineTotalMinor, decimals),
    };
  }

  function* exportSales(range: ExportRange = {}): Generator<ExportedSale> {
    let current: ExportedSale | undefined;
    const sources = schemas().map(
      (schema) => prepared(rowsIn(schema)).iterate(bounds(range)) as IterableIterator<Row>,
    );
    for (const row of mergeOrdered(sources, (r) => r.receiptNumber)) {
      if (current?.id !== row.id) {
        if (current) yield current;
        current = saleOf(row);
      }
      if (row.line !== null) current.lines.push(lineOf(row as Row & LineRow));
    }
    if (current) yield current;
  }

  return {
    exportSales,
    countExportSales: (range: ExportRange = {}) =>
      schemas().reduce(
        (sum, schema) => sum + (prepared(countIn(schema)).get(bounds(range)) as { n: number }).n,
        0,
      ),
  };
}
