// A sale's receipt, to print at the counter or reprint later: the till's own record of the
// sale, with today's catalog names for its products and customer, and the shop's names.
// A sale just recorded gets its receipt from what was written (no second read); a reprint
// reads the sale again, so it tells the sale's state as it is now.
import { eq, sql } from './drizzle.js';
import type { TillDatabase } from './open.js';
import type { ReceiptView, SaleView } from '../domain/sale.js';
import type { Settings } from '../domain/settings.js';
import { cashiers, customers, products, returns } from './schema.js';
import type { SettingsStore } from './settings.js';
import { typedQuery } from './typed-sql.js';
import { receiptCode } from '../domain/receipt-code.js';

export type { ReceiptView };

/** What a receipt is made of: the sale as the till keeps it, and where it stands. */
export type ReceiptSource = Pick<
  SaleView,
  | 'saleId'
  | 'receiptNumber'
  | 'createdAt'
  | 'currency'
  | 'totalMinor'
  | 'paymentMethod'
  | 'tenderedMinor'
  | 'changeMinor'
  | 'customerId'
  | 'cashierId'
  | 'discount'
> & {
  items: ReadonlyArray<
    Pick<
      SaleView['items'][number],
      'productId' | 'quantity' | 'unitPriceMinor' | 'lineTotalMinor' | 'discount'
    >
  >;
  state: ReceiptView['state'];
};

/** The names printed at the top of every receipt. */
export type ShopNames = Pick<Settings, 'shopName' | 'tillName'>;

const nameColumns = { id: products.id, name: products.name };

export function createReceipts(
  { db, sqlite }: TillDatabase,
  settingsStore: SettingsStore,
  getSale: (id: string) => SaleView | undefined,
) {
  const id = sql.placeholder('id');
  // One statement for all the lines: it runs inside the sale's write, on the hot path.
  const productNames = typedQuery<typeof nameColumns, { ids: string }>(
    sqlite,
    nameColumns,
    (list) => `select ${list} from products where id in (select value from json_each(@ids))`,
  );
  const customerName = db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, id))
    .prepare();
  const returnNumbers = db
    .select({ number: returns.returnNumber })
    .from(returns)
    .where(eq(returns.saleId, id))
    .orderBy(returns.returnNumber)
    .prepare();
  const cashierName = db
    .select({ name: cashiers.name })
    .from(cashiers)
    .where(eq(cashiers.id, id))
    .prepare();

  /** `returned`: the R numbers of its returns (none for a sale just recorded). */
  function receiptOf(
    sale: ReceiptSource,
    { shopName, tillName }: ShopNames,
    returned: number[] = [],
  ): ReceiptView {
    const ids = JSON.stringify(sale.items.map((item) => item.productId));
    const names = new Map(productNames.all({ ids }).map((product) => [product.id, product.name]));
    const lines = sale.items.map((item) => ({
      // A product since removed from the catalog still prints, by its id.
      name: names.get(item.productId) ?? item.productId,
      quantity: item.quantity,
      unitPriceMinor: item.unitPriceMinor,
      lineTotalMinor: item.lineTotalMinor,
      discount: item.discount,
      chargedTotalMinor: item.lineTotalMinor - (item.discount?.amountMinor ?? 0),
    }));
    return {
      shopName,
      tillName,
      saleId: sale.saleId,
      receiptNumber: sale.receiptNumber,
      createdAt: sale.createdAt,
      currency: sale.currency,
      lines,
      subtotalMinor: lines.reduce((sum, line) => sum + line.chargedTotalMinor, 0),
      discount: sale.discount,
      totalMinor: sale.totalMinor,
      barcode: receiptCode(sale.receiptNumber),
      returnNumbers: returned,
      paymentMethod: sale.paymentMethod,
      tenderedMinor: sale.tenderedMinor,
      changeMinor: sale.changeMinor,
      customerName: sale.customerId
        ? (customerName.get({ id: sale.customerId })?.name ?? null)
        : null,
      cashierName: sale.cashierId ? (cashierName.get({ id: sale.cashierId })?.name ?? null) : null,
      state: sale.state,
    };
  }

  /** Read again at the moment it is asked for: it tells the sale's state as it is now. */
  function getReceipt(saleId: string): ReceiptView | undefined {
    const sale = getSale(saleId);
    if (!sale) return undefined;
    const returned = returnNumbers.all({ id: saleId }).map((row) => row.number);
    return receiptOf({ ...sale, state: sale.outbox.state }, settingsStore.read(), returned);
  }

  return { receiptOf, getReceipt };
}

export type Receipts = ReturnType<typeof createReceipts>;
