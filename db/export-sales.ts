// Sales as they leave the till for an accountant or support: every sale in a time range,
// oldest first, with its lines, totals, sync state and the names the catalog gives its
// products and customer. Read lazily, so a year of sales never sits in memory at once.
import { currencyDecimals, fromScaledInteger, QUANTITY_DECIMALS } from './money.js';
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
  problem: string | null;
  discardReason: string | null;
  lines: ExportedLine[];
}

export interface ExportRange {
  /** Inclusive, ms since epoch. */
  from?: number;
  /** Exclusive, ms since epoch. */
  to?: number;
}

interface SaleRow {
  receiptNumber: number;
  id: string;
  createdAt: number;
  shopId: string | null;
  customerId: string | null;
  customerName: string | null;
  paymentMethod: string;
  currency: string;
  totalMinor: number;
  state: OutboxState;
  syncedAt: number | null;
  platformId: string | null;
  problem: string | null;
  discardReason: string | null;
}

interface LineRow {
  line: number;
  productId: string;
  productName: string | null;
  quantityMilli: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
}

export function createSaleExport({ sqlite }: TillDatabase) {
  const selectSales = sqlite.prepare(`
    select s.receipt_number as receiptNumber, s.id, s.created_at as createdAt,
           s.shop_id as shopId, s.customer_id as customerId, c.name as customerName,
           s.payment_method as paymentMethod, s.currency, s.total_minor as totalMinor,
           o.state, o.synced_at as syncedAt, o.remote_id as platformId,
           o.last_error_reason as problem, o.discard_reason as discardReason
      from sales s
      join outbox o on o.sale_id = s.id
      left join customers c on c.id = s.customer_id
     where s.created_at >= @from and s.created_at < @to
     order by s.receipt_number`);
  const selectLines = sqlite.prepare(`
    select i.line_number as line, i.product_id as productId, p.name as productName,
           i.quantity_milli as quantityMilli, i.unit_price_minor as unitPriceMinor,
           i.line_total_minor as lineTotalMinor
      from sale_items i
      left join products p on p.id = i.product_id
     where i.sale_id = ?
     order by i.line_number`);
  const countSales = sqlite.prepare(
    'select count(*) as n from sales where created_at >= @from and created_at < @to',
  );

  const bounds = (range: ExportRange) => ({
    from: range.from ?? 0,
    to: range.to ?? Number.MAX_SAFE_INTEGER,
  });

  function* exportSales(range: ExportRange = {}): Generator<ExportedSale> {
    for (const row of selectSales.iterate(bounds(range)) as IterableIterator<SaleRow>) {
      const decimals = currencyDecimals(row.currency);
      const lines = (selectLines.all(row.id) as LineRow[]).map((line) => ({
        line: line.line,
        productId: line.productId,
        productName: line.productName,
        quantity: fromScaledInteger(line.quantityMilli, QUANTITY_DECIMALS),
        unitPrice: fromScaledInteger(line.unitPriceMinor, decimals),
        lineTotal: fromScaledInteger(line.lineTotalMinor, decimals),
      }));
      const { totalMinor, state, syncedAt, platformId, problem, discardReason, ...sale } = row;
      const total = fromScaledInteger(totalMinor, decimals);
      yield { ...sale, total, state, syncedAt, platformId, problem, discardReason, lines };
    }
  }

  return {
    exportSales,
    countExportSales: (range: ExportRange = {}) =>
      (countSales.get(bounds(range)) as { n: number }).n,
  };
}
