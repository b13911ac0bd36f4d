// Recording a sale: the sale, its items and its outbox row (with a fresh idempotency key)
// are written in one synchronous transaction. When it returns ok, the sale is on disk.
import { randomUUID } from 'node:crypto';
import { sql } from './drizzle.js';
import { cashHandedOver } from './cash.js';
import { currencyDecimals } from '../domain/money.js';
import type { TillDatabase } from './open.js';
import { fail, ok, type Result } from '../domain/result.js';
import { createSaleValidator, type ValidSale } from './sale-validation.js';
import { prepareSaleItemInsert } from './sale-items.js';
import { archives, outbox, sales } from './schema.js';
import type { SettingsStore } from './settings.js';
import type { RecordedSale } from '../domain/sale.js';
import { describeStorageError } from './storage-errors.js';

export type { RecordedSale };

export interface SaleRow extends ValidSale {
  sale: RecordedSale;
}

/** The amount tendered travels beside the platform's sale; the sale is checked strictly. */
function splitTendered(input: unknown): { sale: unknown; tendered: unknown } {
  if (typeof input !== 'object' || input === null || !('tendered' in input))
    return { sale: input, tendered: undefined };
  const { tendered, ...sale } = input as Record<string, unknown>;
  return { sale, tendered };
}

const p = (name: string) => sql.placeholder(name);

export function createSaleRecorder(database: TillDatabase, settingsStore: SettingsStore) {
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
    insertSale.run({
      ...row.sale,
      receiptNumber,
      shopId: row.shopId,
      customerId: row.customerId,
      paymentMethod: row.paymentMethod,
    });
    row.lines.forEach((line, index) =>
      insertItem.run({ saleId: row.sale.id, lineNumber: index + 1, ...line }),
    );
    insertOutbox.run({
      saleId: row.sale.id,
      idempotencyKey: randomUUID(),
      createdAt: row.sale.createdAt,
    });
    return receiptNumber;
  };
  // One native transaction, made once: IMMEDIATE takes the write lock before reading the
  // next receipt number, so two processes can never hand out the same one. (drizzle's
  // db.transaction() builds a new wrapper per call, which costs more than the inserts.)
  const writeSaleWith = database.sqlite.transaction((row: SaleRow, alongside: () => void) => {
    const receiptNumber = insertRows(row);
    alongside();
    return receiptNumber;
  });

  const validateSale = createSaleValidator(settingsStore);

  /** A sale checked and priced, ready to write; nothing is written yet. */
  function prepareSale(input: unknown, now = Date.now()): Result<SaleRow> {
    const { sale: saleInput, tendered } = splitTendered(input);
    const valid = validateSale(saleInput);
    if (!valid.ok) return valid;
    const cash = cashHandedOver(tendered, valid.value, currencyDecimals(valid.value.currency));
    if (!cash.ok) return cash;
    const sale: RecordedSale = {
      id: randomUUID(),
      receiptNumber: 0,
      createdAt: now,
      currency: valid.value.currency,
      totalMinor: valid.value.totalMinor,
      tenderedMinor: cash.value?.tenderedMinor ?? null,
      changeMinor: cash.value?.changeMinor ?? null,
      state: 'pending',
    };
    return ok({ sale, ...valid.value });
  }

  /**
   * Writes a prepared sale with `alongside` in one transaction (charging a cart clears it in
   * the same commit); a full or read-only disk is a Result, and nothing is half-written.
   */
  function commitSale(row: SaleRow, alongside: () => void = () => {}): Result<RecordedSale> {
    try {
      const receiptNumber = writeSaleWith.immediate(row, alongside);
      return ok({ ...row.sale, receiptNumber });
    } catch (error) {
      const storage = describeStorageError(error, 'Saving the sale');
      if (storage) return fail(storage);
      throw error;
    }
  }

  function recordSale(input: unknown, options: { now?: number } = {}): Result<RecordedSale> {
    const prepared = prepareSale(input, options.now);
    return prepared.ok ? commitSale(prepared.value) : prepared;
  }

  return { recordSale, prepareSale, commitSale };
}
