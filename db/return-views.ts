// Returns read back: one by its number (R7), its refund receipt with the shop's names, and
// the returns of a period. Product names come from today's catalog.
import type { Cashiers } from './cashiers.js';
import { and, desc, eq, gte, lt, type SQL } from './drizzle.js';
import type { TillDatabase } from './open.js';
import type { FoundSaleRow } from './return-search.js';
import { returnItems, returns } from './schema.js';
import type { SettingsStore } from './settings.js';
import { fromScaledInteger, QUANTITY_DECIMALS } from '../domain/money.js';
import type { RefundReceipt, ReturnView } from '../domain/returns.js';

const units = (quantityMilli: number) => fromScaledInteger(quantityMilli, QUANTITY_DECIMALS);

export function createReturnViews(
  { db, sqlite }: TillDatabase,
  cashiers: Pick<Cashiers, 'nameOf'>,
  settingsStore: SettingsStore,
  findSale: (receipt: string) => FoundSaleRow | undefined,
) {
  const productName = sqlite.prepare<[string], { name: string }>(
    'select name from products where id = ?',
  );
  const saleCreatedAt = (saleReceipt: number) => findSale(String(saleReceipt))?.createdAt ?? 0;

  function viewOf(row: typeof returns.$inferSelect): ReturnView {
    const items = db
      .select()
      .from(returnItems)
      .where(eq(returnItems.returnId, row.id))
      .orderBy(returnItems.lineNumber)
      .all();
    return {
      returnId: row.id,
      returnNumber: row.returnNumber,
      createdAt: row.createdAt,
      currency: row.currency,
      saleId: row.saleId,
      saleReceiptNumber: row.saleReceiptNumber,
      saleCreatedAt: saleCreatedAt(row.saleReceiptNumber),
      refundPaymentMethod: row.refundPaymentMethod,
      totalMinor: row.totalMinor,
      reason: row.reason,
      lines: items.map((item) => ({
        lineNumber: item.lineNumber,
        saleLineNumber: item.saleLineNumber,
        productId: item.productId,
        name: productName.get(item.productId)?.name ?? item.productId,
        quantity: units(item.quantityMilli),
        refundMinor: item.refundMinor,
      })),
      cashierName: cashiers.nameOf(row.cashierId),
      approvedByName: cashiers.nameOf(row.approvedBy),
      delivery: row.delivery,
      deliveryNote: row.deliveryNote,
    };
  }

  /** A return by its number (7 or "R7") or its id, as recorded. */
  function getReturn(number: number | string): ReturnView | undefined {
    const n = typeof number === 'number' ? number : Number(/^R?(\d+)$/i.exec(number)?.[1] ?? NaN);
    // Not a number: the return's id (a print job names its return so).
    if (typeof number === 'string' && Number.isNaN(n)) {
      const byId = db.select().from(returns).where(eq(returns.id, number)).get();
      return byId && viewOf(byId);
    }
    if (!Number.isSafeInteger(n)) return undefined;
    const row = db.select().from(returns).where(eq(returns.returnNumber, n)).get();
    return row && viewOf(row);
  }

  function getRefundReceipt(number: number | string): RefundReceipt | undefined {
    const view = getReturn(number);
    if (!view) return undefined;
    const { shopName, tillName } = settingsStore.read();
    return { ...view, shopName, tillName };
  }

  /** Returns made in [from, to) (ms), newest first. */
  function listReturns(filter: { from?: number; to?: number; limit?: number } = {}): ReturnView[] {
    const conditions: SQL[] = [];
    if (filter.from !== undefined) conditions.push(gte(returns.createdAt, filter.from));
    if (filter.to !== undefined) conditions.push(lt(returns.createdAt, filter.to));
    return db
      .select()
      .from(returns)
      .where(and(...conditions))
      .orderBy(desc(returns.returnNumber))
      .limit(Math.min(Math.max(filter.limit ?? 100, 1), 1000))
      .all()
      .map(viewOf);
  }

  return { getReturn, getRefundReceipt, listReturns };
}
