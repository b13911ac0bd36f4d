// A sale's receipt, to print at the counter or reprint later: the till's own record of the
// sale, with today's catalog names for its products and customer, and the shop's names.
import { eq, sql } from './drizzle.js';
import type { TillDatabase } from './open.js';
import type { ReceiptView, SaleView } from '../domain/sale.js';
import { customers, products } from './schema.js';
import type { SettingsStore } from './settings.js';

export type { ReceiptView };

export function createReceipts(
  { db }: TillDatabase,
  settingsStore: SettingsStore,
  getSale: (id: string) => SaleView | undefined,
) {
  const id = sql.placeholder('id');
  const productName = db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, id))
    .prepare();
  const customerName = db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, id))
    .prepare();

  return {
    getReceipt(saleId: string): ReceiptView | undefined {
      const sale = getSale(saleId);
      if (!sale) return undefined;
      const { shopName, tillName } = settingsStore.read();
      return {
        shopName,
        tillName,
        saleId: sale.id,
        receiptNumber: sale.receiptNumber,
        createdAt: sale.createdAt,
        currency: sale.currency,
        lines: sale.items.map((item) => ({
          // A product since removed from the catalog still prints, by its id.
          name: productName.get({ id: item.productId })?.name ?? item.productId,
          quantity: item.quantity,
          unitPriceMinor: item.unitPriceMinor,
          lineTotalMinor: item.lineTotalMinor,
        })),
        totalMinor: sale.totalMinor,
        paymentMethod: sale.paymentMethod,
        tenderedMinor: sale.tenderedMinor,
        changeMinor: sale.changeMinor,
        customerName: sale.customerId
          ? (customerName.get({ id: sale.customerId })?.name ?? null)
          : null,
        state: sale.outbox.state,
      };
    },
  };
}
