// Recording a sale: the sale, its items and its outbox row (with a fresh idempotency key)
// are written in one synchronous transaction, which also makes its receipt from what it
// wrote. When it returns ok, the sale is on disk and the receipt is the answer. The sale
// comes checked and priced (domain/new-sale.ts, parsed where it came in): the store adds
// what only it knows (the methods this till takes, its currency and shop, the number).
import { randomUUID } from 'node:crypto';
import { sql } from './drizzle.js';
import { fromScaledInteger, QUANTITY_DECIMALS } from '../domain/money.js';
import type { NewSale, PricedLine } from '../domain/new-sale.js';
import { untakenMethod } from '../domain/payment-methods.js';
import type { TillDatabase } from './open.js';
import { fail, invalidFields, ok, type Result } from '../domain/result.js';
import type { ReceiptSource, ReceiptView, ShopNames } from './receipt.js';
import { prepareSaleItemInsert } from './sale-items.js';
import { archives, outbox, sales } from './schema.js';
import type { SettingsStore } from './settings.js';
import { describeStorageError } from './storage-errors.js';

/** A sale as its rows say it: the new sale with its id, time, shop and currency. */
export interface SaleRow {
  id: string;
  createdAt: number;
  shopId: string | null;
  customerId: string | null;
  paymentMethod: string;
  currency: string;
  lines: PricedLine[];
  totalMinor: number;
  tenderedMinor: number | null;
  changeMinor: number | null;
  /** Who rang it up: null when the till has no cashiers set up. */
  cashierId: string | null;
}

/** A sale ready to write, with the names its receipt will carry; nothing is written yet. */
export interface PreparedSale {
  row: SaleRow;
  shop: ShopNames;
}

const receiptSourceOf = (
  { id: saleId, ...row }: SaleRow,
  receiptNumber: number,
): ReceiptSource => ({
  ...row,
  saleId,
  receiptNumber,
  items: row.lines.map((line) => ({
    ...line,
    quantity: fromScaledInteger(line.quantityMilli, QUANTITY_DECIMALS),
    discount: null,
  })),
  discount: null,
  state: 'pending',
});

const p = (name: string) => sql.placeholder(name);

export function createSaleRecorder(
  database: TillDatabase,
  settingsStore: SettingsStore,
  receiptOf: (sale: ReceiptSource, shop: ShopNames) => ReceiptView,
  /** The current shift's id (opening one when none is), inside the sale's transaction. */
  shiftFor: (act: { cashierId: string | null; now: number }) => string,
) {
  const { db } = database;
  // Above every receipt here and in the archives: numbers never start again.
  const nextReceipt = db
    .select({
      next: sql<number>`max(coalesce(max(${sales.receiptNumber}), 0), (select coalesce(max(${archives.maxReceipt}), 0) from ${archives})) + 1`,
    })
    .from(sales)
    .prepare();
  const insertSale = db
    .insert(sales)
    .values({
      id: p('id'),
      receiptNumber: p('receiptNumber'),
      createdAt: p('createdAt'),
      shopId: p('shopId'),
      customerId: p('customerId'),
      paymentMethod: p('paymentMethod'),
      currency: p('currency'),
      totalMinor: p('totalMinor'),
      tenderedMinor: p('tenderedMinor'),
      changeMinor: p('changeMinor'),
      shiftId: p('shiftId'),
      cashierId: p('cashierId'),
    })
    .prepare();
  const insertItem = prepareSaleItemInsert(database);
  const insertOutbox = db
    .insert(outbox)
    .values({
      saleId: p('saleId'),
      idempotencyKey: p('idempotencyKey'),
      createdAt: p('createdAt'),
      updatedAt: p('createdAt'),
      nextAttemptAt: p('createdAt'),
    })
    .prepare();

  const insertRows = (row: SaleRow): number => {
    const receiptNumber = nextReceipt.get()!.next;
    const shiftId = shiftFor({ cashierId: row.cashierId, now: row.createdAt });
    insertSale.run({ ...row, receiptNumber, shiftId });
    row.lines.forEach((line, index) =>
      insertItem.run({ saleId: row.id, lineNumber: index + 1, ...line }),
    );
    insertOutbox.run({ saleId: row.id, idempotencyKey: randomUUID(), createdAt: row.createdAt });
    return receiptNumber;
  };
  // One native transaction, made once: IMMEDIATE takes the write lock before reading the
  // next receipt number, so two processes can never hand out the same one. (drizzle's
  // db.transaction() builds a new wrapper per call, which costs more than the inserts.)
  // The receipt is read inside it: a failure there leaves nothing half-written either.
  const writeSaleWith = database.sqlite.transaction(
    ({ row, shop }: PreparedSale, alongside: () => void) => {
      const receiptNumber = insertRows(row);
      alongside();
      return receiptOf(receiptSourceOf(row, receiptNumber), shop);
    },
  );

  /** A new sale given its id, time, shop and currency; refused if the till does not take its method. */
  function prepareSale(
    sale: NewSale,
    now = Date.now(),
    cashierId: string | null = null,
  ): Result<PreparedSale> {
    const settings = settingsStore.read();
    // The one rule that needs the till's settings; the rest was checked as the sale came in.
    const untaken = untakenMethod(settings.paymentMethods, sale.paymentMethod);
    if (untaken) return fail(invalidFields('The sale is not valid', [untaken]));
    const row: SaleRow = {
      id: randomUUID(),
      createdAt: now,
      shopId: sale.shopId ?? settings.shopId,
      customerId: sale.customerId ?? null,
      paymentMethod: sale.paymentMethod,
      currency: settings.currency,
      lines: sale.lines,
      totalMinor: sale.totalMinor,
      tenderedMinor: sale.tenderedMinor,
      changeMinor: sale.changeMinor,
      cashierId,
    };
    return ok({ row, shop: { shopName: settings.shopName, tillName: settings.tillName } });
  }

  /**
   * Writes a prepared sale with `alongside` in one transaction (charging a cart clears it in
   * the same commit) and answers its receipt; a full or read-only disk is a Result, and
   * nothing is half-written.
   */
  function commitSale(
    prepared: PreparedSale,
    alongside: () => void = () => {},
  ): Result<ReceiptView> {
    try {
      return ok(writeSaleWith.immediate(prepared, alongside));
    } catch (error) {
      const storage = describeStorageError(error, 'Saving the sale');
      if (storage) return fail(storage);
      throw error;
    }
  }

  function recordSale(
    sale: NewSale,
    options: { now?: number; cashierId?: string | null } = {},
  ): Result<ReceiptView> {
    const prepared = prepareSale(sale, options.now, options.cashierId ?? null);
    return prepared.ok ? commitSale(prepared.value) : prepared;
  }

  return { recordSale, prepareSale, commitSale };
}
