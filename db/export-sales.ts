// Sales as they leave the till for an accountant or support: every sale in a time range,
// oldest first, with its lines, totals, sync state and the names the catalog gives its
// products and customer. Read lazily, so a year of sales never sits in memory at once.
import { currencyDecimals, fromScaledInteger, QUANTITY_DECIMALS } from '../domain/money.js';
import type { Statement } from 'better-sqlite3';
import { mergeOrdered, type History } from './history.js';
import type { TillDatabase } from './open.js';
import type { OutboxState } from '../domain/sale-states.js';
import { cashiers, customers, outbox, products, saleItems, sales, shifts } from './schema.js';
import { leftJoined, typedQuery, type RowOf, type TypedStatement } from './typed-sql.js';

export interface ExportedLine {
  line: number;
  productId: string;
  /** The product's name in today's catalog; null when it is not in the catalog. */
  productName: string | null;
  quantity: number;
  unitPrice: number;
  /** Quantity × unit price, before discounts. */
  lineTotal: number;
  /** What came off the line: its own discount and its share of the sale's. */
  discount: number;
  /** What was charged for it: line total less discount (the lines' charged add up to the total). */
  charged: number;
  /** Why: the line's own discount's reason and the sale's, as given. */
  discountReason: string | null;
}

export interface ExportedSale {
  receiptNumber: number;
  saleId: string;
  createdAt: number;
  shopId: string | null;
  customerId: string | null;
  customerName: string | null;
  paymentMethod: string;
  currency: string;
  /** What was charged, after every discount. */
  total: number;
  state: OutboxState;
  syncedAt: number | null;
  /** The sale's id on the platform, once synced. */
  platformId: string | null;
  /** Why the platform refused it, or why the last attempt failed. */
  lastErrorReason: string | null;
  discardReason: string | null;
  /** Why a person voided it (it was never sent). */
  voidReason: string | null;
  /** Sent without an answer and not proven stored once: may be on the platform (twice). */
  uncertain: boolean;
  /** Who rang it up (null: no cashier signed in), and the Z report of its shift once closed. */
  cashierName: string | null;
  zReport: number | null;
  lines: ExportedLine[];
}

export interface ExportRange {
  /** Inclusive, ms since epoch. */
  from?: number;
  /** Exclusive, ms since epoch. */
  to?: number;
}

/** One row of the join: a sale, and one of its lines (all null for a sale without lines). */
const rowColumns = {
  receiptNumber: sales.receiptNumber,
  saleId: sales.id,
  createdAt: sales.createdAt,
  shopId: sales.shopId,
  customerId: sales.customerId,
  customerName: leftJoined(customers.name),
  paymentMethod: sales.paymentMethod,
  currency: sales.currency,
  totalMinor: sales.totalMinor,
  state: outbox.state,
  syncedAt: outbox.syncedAt,
  platformId: outbox.platformId,
  lastErrorReason: outbox.lastErrorReason,
  discardReason: outbox.discardReason,
  voidReason: outbox.voidReason,
  uncertain: outbox.uncertain,
  cashierName: leftJoined(cashiers.name),
  zReport: leftJoined(shifts.zNumber),
  line: leftJoined(saleItems.lineNumber),
  productId: leftJoined(saleItems.productId),
  productName: leftJoined(products.name),
  quantityMilli: leftJoined(saleItems.quantityMilli),
  unitPriceMinor: leftJoined(saleItems.unitPriceMinor),
  lineTotalMinor: leftJoined(saleItems.lineTotalMinor),
  lineDiscountMinor: leftJoined(saleItems.lineDiscountMinor),
  saleDiscountShareMinor: leftJoined(saleItems.saleDiscountShareMinor),
  lineDiscountReason: leftJoined(saleItems.discountReason),
  saleDiscountReason: sales.discountReason,
};
type Row = RowOf<typeof rowColumns>;
const aliases = {
  sales: 's',
  outbox: 'o',
  customers: 'c',
  sale_items: 'i',
  products: 'p',
  cashiers: 'k',
  shifts: 'h',
};

export function createSaleExport({ sqlite }: TillDatabase, history?: History) {
  // One pass over sales joined to their lines (a sale's rows are consecutive): one
  // statement per file (the till's and each archive's) for the whole export, merged in
  // receipt order. Product and customer names come from today's catalog.
  const rowsIn = (schema: string) => (list: string) => `
    select ${list}
      from ${schema}.sales s
      join ${schema}.outbox o on o.sale_id = s.id
      left join main.customers c on c.id = s.customer_id
      left join main.cashiers k on k.id = s.cashier_id
      left join main.shifts h on h.id = s.shift_id
      left join ${schema}.sale_items i on i.sale_id = s.id
      left join main.products p on p.id = i.product_id
     where s.created_at >= @from and s.created_at < @to${onlyHere(schema, 's')}
     order by s.receipt_number, i.line_number`;
  const countIn = (schema: string) =>
    `select count(*) from ${schema}.sales s where created_at >= @from and created_at < @to${onlyHere(schema, 's')}`;
  const onlyHere = (schema: string, alias: string) =>
    schema === 'main' || !history ? '' : ` and ${history.notInMain(alias)}`;
  type Bounds = { from: number; to: number };
  const rowStatements = new Map<string, TypedStatement<Bounds, Row>>();
  const rowStatement = (schema: string) => {
    let statement = rowStatements.get(schema);
    if (!statement) {
      statement = typedQuery<typeof rowColumns, Bounds>(
        sqlite,
        rowColumns,
        rowsIn(schema),
        aliases,
      );
      rowStatements.set(schema, statement);
    }
    return statement;
  };
  const countStatements = new Map<string, Statement<[Bounds], number>>();
  const countStatement = (schema: string) => {
    let statement = countStatements.get(schema);
    if (!statement) {
      statement = sqlite.prepare<[Bounds], number>(countIn(schema)).pluck();
      countStatements.set(schema, statement);
    }
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
      saleId: row.saleId,
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
      voidReason: row.voidReason,
      uncertain: row.uncertain,
      cashierName: row.cashierName,
      zReport: row.zReport,
      lines: [],
    };
  }

  /** The row's line, or undefined for a sale without lines. */
  function lineOf(row: Row): ExportedLine | undefined {
    const { line, productId, quantityMilli, unitPriceMinor, lineTotalMinor } = row;
    if (line === null || productId === null || quantityMilli === null) return undefined;
    if (unitPriceMinor === null || lineTotalMinor === null) return undefined;
    const decimals = currencyDecimals(row.currency);
    const discountMinor = (row.lineDiscountMinor ?? 0) + (row.saleDiscountShareMinor ?? 0);
    const reasons = [
      row.lineDiscountReason,
      discountMinor > 0 && row.saleDiscountReason ? `sale: ${row.saleDiscountReason}` : null,
    ].filter((reason) => reason !== null);
    return {
      line,
      productId,
      productName: row.productName,
      quantity: fromScaledInteger(quantityMilli, QUANTITY_DECIMALS),
      unitPrice: fromScaledInteger(unitPriceMinor, decimals),
      lineTotal: fromScaledInteger(lineTotalMinor, decimals),
      discount: fromScaledInteger(discountMinor, decimals),
      charged: fromScaledInteger(lineTotalMinor - discountMinor, decimals),
      discountReason: reasons.length > 0 ? reasons.join('; ') : null,
    };
  }

  function* exportSales(range: ExportRange = {}): Generator<ExportedSale> {
    let current: ExportedSale | undefined;
    const sources = schemas().map((schema) => rowStatement(schema).iterate(bounds(range)));
    for (const row of mergeOrdered(sources, (r) => r.receiptNumber)) {
      if (current?.saleId !== row.saleId) {
        if (current) yield current;
        current = saleOf(row);
      }
      const line = lineOf(row);
      if (line) current.lines.push(line);
    }
    if (current) yield current;
  }

  return {
    exportSales,
    countExportSales: (range: ExportRange = {}) =>
      schemas().reduce((sum, schema) => sum + (countStatement(schema).get(bounds(range)) ?? 0), 0),
  };
}
