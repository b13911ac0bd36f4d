// Recording a sale: the sale, its items and its outbox row (with a fresh idempotency key)
// are written in one synchronous transaction, which also makes its receipt from what it
// wrote. When it returns ok, the sale is on disk and the receipt is the answer. The sale
// comes checked and priced (domain/new-sale.ts, parsed where it came in): the store adds
// what only it knows (the methods this till takes, its currency and shop, the number).
import { randomUUID } from 'node:crypto';
import { sql } from './drizzle.js';
import { chargeSale, type ChargedSaleLine } from '../domain/charged-sale.js';
import type { Discount } from '../domain/discount.js';
import { currencyDecimals, fromScaledInteger, QUANTITY_DECIMALS } from '../domain/money.js';
import type { NewSale } from '../domain/new-sale.js';
import { CASH_METHOD, untakenMethod } from '../domain/payment-methods.js';
import { NO_SALE_PRINTING, paperJob, type SalePrinting } from '../domain/print-jobs.js';
import type { PrintJobs } from './print-jobs.js';
import type { TillDatabase } from './open.js';
import { fail, invalidFields, ok, type Result } from '../domain/result.js';
import type { ReceiptSource, ReceiptView, ShopNames } from './receipt.js';
import { prepareSaleItemInsert } from './sale-items.js';
import { archives, outbox, sales } from './schema.js';
import type { SettingsStore } from './settings.js';
import { describeStorageError } from './storage-errors.js';
import { said } from '../domain/i18n/said.js';

/** A sale as its rows say it: the new sale with its id, time, shop and currency. */
export interface SaleRow {
  id: string;
  createdAt: number;
  shopId: string | null;
  customerId: string | null;
  paymentMethod: string;
  currency: string;
  /** Each line with what its discounts took off. */
  lines: ChargedSaleLine[];
  /** What was charged, after every discount. */
  totalMinor: number;
  /** The sale's own discount as given, and what it took off in all. */
  discount: Discount | null;
  saleDiscountMinor: number;
  /** The manager who approved a discount above the limit; null when none was needed. */
  discountApprovedBy: string | null;
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

/** A discount as given, in the sale's view: what it took off, and its percent if one. */
const givenOf = (discount: Discount | null | undefined, offMinor: number) =>
  discount
    ? {
        basisPoints: discount.kind === 'percent' ? discount.basisPoints : null,
        amountMinor: offMinor,
        reason: discount.reason,
      }
    : null;

/** A discount's columns: a percent in basis points or an amount, and the reason. */
const columnsOf = (discount: Discount | null | undefined) => ({
  discountBasisPoints: discount?.kind === 'percent' ? discount.basisPoints : null,
  discountAmountMinor: discount?.kind === 'amount' ? discount.amountMinor : null,
  discountReason: discount?.reason ?? null,
});

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
    discount: givenOf(line.discount, line.lineDiscountMinor),
  })),
  discount: givenOf(row.discount, row.saleDiscountMinor),
  state: 'pending',
});

const p = (name: string) => sql.placeholder(name);

export function createSaleRecorder(
  database: TillDatabase,
  settingsStore: SettingsStore,
  receiptOf: (sale: ReceiptSource, shop: ShopNames) => ReceiptView,
  /** The current shift's id (opening one when none is), inside the sale's transaction. */
  shiftFor: (act: { cashierId: string | null; now: number }) => string,
  printJobs: Pick<PrintJobs, 'addPrintJob'>,
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
      discountBasisPoints: p('discountBasisPoints'),
      discountAmountMinor: p('discountAmountMinor'),
      discountReason: p('discountReason'),
      discountMinor: p('saleDiscountMinor'),
      discountApprovedBy: p('discountApprovedBy'),
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
    insertSale.run({ ...row, ...columnsOf(row.discount), receiptNumber, shiftId });
    row.lines.forEach((line, index) =>
      insertItem.run({
        saleId: row.id,
        lineNumber: index + 1,
        ...line,
        ...columnsOf(line.discount),
      }),
    );
    insertOutbox.run({ saleId: row.id, idempotencyKey: randomUUID(), createdAt: row.createdAt });
    return receiptNumber;
  };
  // One native transaction, made once: IMMEDIATE takes the write lock before reading the
  // next receipt number, so two processes can never hand out the same one. (drizzle's
  // db.transaction() builds a new wrapper per call, which costs more than the inserts.)
  // The receipt is read inside it: a failure there leaves nothing half-written either. Its
  // print job (the receipt, the drawer) is written with it: a printer that is off later
  // never costs a receipt.
  const writeSaleWith = database.sqlite.transaction(
    ({ row, shop }: PreparedSale, alongside: () => void, printing: SalePrinting) => {
      const receiptNumber = insertRows(row);
      const cash = row.paymentMethod === CASH_METHOD;
      const job = paperJob(printing, { kind: 'receipt', ref: row.id, cash });
      if (job) printJobs.addPrintJob(job, row.createdAt);
      alongside();
      return receiptOf(receiptSourceOf(row, receiptNumber), shop);
    },
  );

  /**
   * A new sale given its id, time, shop and currency, its discounts applied; refused if the
   * till does not take its method, a discount is too large or the cash handed over too little.
   */
  function prepareSale(
    sale: NewSale,
    now = Date.now(),
    cashierId: string | null = null,
    discountApprovedBy: string | null = null,
  ): Result<PreparedSale> {
    const settings = settingsStore.read();
    // The rules that need the till's settings; the rest was checked as the sale came in.
    const untaken = untakenMethod(settings.paymentMethods, sale.paymentMethod);
    if (untaken) return fail(invalidFields(said('store.saleNotValid'), [untaken]));
    const charged = chargeSale(sale, currencyDecimals(settings.currency));
    if (!charged.ok) return fail(invalidFields(said('store.saleNotValid'), charged.fields));
    const { value } = charged;
    const row: SaleRow = {
      id: randomUUID(),
      createdAt: now,
      shopId: value.shopId ?? settings.shopId,
      customerId: value.customerId ?? null,
      paymentMethod: value.paymentMethod,
      currency: settings.currency,
      lines: value.lines,
      totalMinor: value.totalMinor,
      discount: value.discount,
      saleDiscountMinor: value.saleDiscountMinor,
      discountApprovedBy,
      tenderedMinor: value.tenderedMinor,
      changeMinor: value.changeMinor,
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
    printing: SalePrinting = NO_SALE_PRINTING,
  ): Result<ReceiptView> {
    try {
      return ok(writeSaleWith.immediate(prepared, alongside, printing));
    } catch (error) {
      const storage = describeStorageError(error, 'Saving the sale');
      if (storage) return fail(storage);
      throw error;
    }
  }

  function recordSale(
    sale: NewSale,
    options: {
      now?: number;
      cashierId?: string | null;
      discountApprovedBy?: string | null;
      printing?: SalePrinting;
    } = {},
  ): Result<ReceiptView> {
    const prepared = prepareSale(
      sale,
      options.now,
      options.cashierId ?? null,
      options.discountApprovedBy ?? null,
    );
    return prepared.ok ? commitSale(prepared.value, undefined, options.printing) : prepared;
  }

  return { recordSale, prepareSale, commitSale };
}
