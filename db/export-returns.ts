// Returns as they leave the till in the export, beside the sales: every return made in a
// time range, oldest first, with its lines, refund, the sale it is against and where it
// stands towards the platform (v1: not sent). Returns never move to the archives.
import { currencyDecimals, fromScaledInteger, QUANTITY_DECIMALS } from '../domain/money.js';
import type { ReturnDeliveryState } from '../domain/returns.js';
import type { ExportRange } from './export-sales.js';
import type { TillDatabase } from './open.js';

export interface ExportedReturnLine {
  /** The line of the sale it brings back. */
  saleLine: number;
  productId: string;
  productName: string | null;
  quantity: number;
  refund: number;
}

export interface ExportedReturn {
  returnNumber: number;
  returnId: string;
  createdAt: number;
  saleReceiptNumber: number;
  saleId: string;
  currency: string;
  /** What was refunded, in the currency's major unit. */
  total: number;
  refundPaymentMethod: string;
  reason: string;
  cashierName: string | null;
  approvedByName: string | null;
  zReport: number | null;
  delivery: ReturnDeliveryState;
  deliveryNote: string | null;
  lines: ExportedReturnLine[];
}

type Row = Omit<ExportedReturn, 'total' | 'lines'> & {
  totalMinor: number;
  saleLine: number;
  productId: string;
  productName: string | null;
  quantityMilli: number;
  refundMinor: number;
};

export function createReturnExport({ sqlite }: TillDatabase) {
  const rows = sqlite.prepare<[{ from: number; to: number }], Row>(`
    select r.return_number as returnNumber, r.id as returnId, r.created_at as createdAt,
           r.sale_receipt_number as saleReceiptNumber, r.sale_id as saleId, r.currency,
           r.total_minor as totalMinor, r.refund_payment_method as refundPaymentMethod,
           r.reason, k.name as cashierName, a.name as approvedByName, h.z_number as zReport,
           r.delivery, r.delivery_note as deliveryNote, i.sale_line_number as saleLine,
           i.product_id as productId, p.name as productName, i.quantity_milli as quantityMilli,
           i.refund_minor as refundMinor
      from returns r indexed by returns_created_at_idx
      join return_items i on i.return_id = r.id
      left join cashiers k on k.id = r.cashier_id
      left join cashiers a on a.id = r.approved_by
      left join shifts h on h.id = r.shift_id
      left join products p on p.id = i.product_id
     where r.created_at >= @from and r.created_at < @to
     order by r.return_number, i.line_number`);

  /** The returns made in the range, oldest first, each with its lines. */
  function* exportReturns(range: ExportRange = {}): Generator<ExportedReturn> {
    let current: ExportedReturn | undefined;
    const bounds = { from: range.from ?? 0, to: range.to ?? Number.MAX_SAFE_INTEGER };
    for (const row of rows.iterate(bounds)) {
      const decimals = currencyDecimals(row.currency);
      if (current?.returnId !== row.returnId) {
        if (current) yield current;
        const { totalMinor, saleLine: _l, productId: _p, productName: _n, ...ret } = row;
        const { quantityMilli: _q, refundMinor: _r, ...head } = ret;
        current = { ...head, total: fromScaledInteger(totalMinor, decimals), lines: [] };
      }
      current.lines.push({
        saleLine: row.saleLine,
        productId: row.productId,
        productName: row.productName,
        quantity: fromScaledInteger(row.quantityMilli, QUANTITY_DECIMALS),
        refund: fromScaledInteger(row.refundMinor, decimals),
      });
    }
    if (current) yield current;
  }

  return { exportReturns };
}
