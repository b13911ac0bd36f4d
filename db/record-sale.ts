// Recording a sale: the sale, its items and its outbox row (with a fresh idempotency key)
// are written in one synchronous transaction. When it returns ok, the sale is on disk.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { invalidInput } from './field-errors.js';
import { currencyDecimals, lineTotalMinor, QUANTITY_DECIMALS, toScaledInteger } from './money.js';
import type { TillDatabase } from './open.js';
import { fail, ok, type Result } from './result.js';
import { saleInputSchema, type SaleInput, type SaleRules } from './sale-input.js';
import { outbox, saleItems, sales } from './schema.js';
import type { SettingsStore } from './settings.js';
import { describeStorageError } from './storage-errors.js';

export interface RecordedSale {
  id: string;
  receiptNumber: number;
  createdAt: number;
  currency: string;
  totalMinor: number;
  state: 'pending';
}

export interface PricedLine {
  productId: string;
  quantityMilli: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
}

interface SaleRow {
  sale: RecordedSale;
  shopId: string | null;
  customerId: string | null;
  paymentMethod: string;
  lines: PricedLine[];
}

const p = (name: string) => sql.placeholder(name);

export function createSaleRecorder(database: TillDatabase, settingsStore: SettingsStore) {
  const { db } = database;
  const nextReceipt = db
    .select({ next: sql<number>`coalesce(max(${sales.receiptNumber}), 0) + 1` })
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
    })
    .prepare();
  const insertItem = db
    .insert(saleItems)
    .values({
      saleId: p('saleId'),
      lineNumber: p('lineNumber'),
      productId: p('productId'),
      quantityMilli: p('quantityMilli'),
      unitPriceMinor: p('unitPriceMinor'),
      lineTotalMinor: p('lineTotalMinor'),
    })
    .prepare();
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

  // One native transaction, made once: IMMEDIATE takes the write lock before reading the
  // next receipt number, so two processes can never hand out the same one. (drizzle's
  // db.transaction() builds a new wrapper per call, which costs more than the inserts.)
  const writeSale = database.sqlite.transaction((row: SaleRow): number => {
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
  });

  const schemas = new Map<string, ReturnType<typeof saleInputSchema>>();
  function schemaFor(rules: SaleRules) {
    const cacheKey = `${rules.currency}|${rules.paymentMethods.join(',')}`;
    let schema = schemas.get(cacheKey);
    if (!schema) {
      schema = saleInputSchema(rules);
      schemas.set(cacheKey, schema);
    }
    return schema;
  }

  function recordSale(input: unknown, options: { now?: number } = {}): Result<RecordedSale> {
    const settings = settingsStore.read();
    const rules: SaleRules = {
      paymentMethods: settings.paymentMethods as [string, ...string[]],
      currency: settings.currency,
      currencyDecimals: currencyDecimals(settings.currency),
    };
    const parsed = schemaFor(rules).safeParse(input);
    if (!parsed.success) return fail(invalidInput('The sale is not valid', parsed.error));
    const priced = priceLines(parsed.data, rules.currencyDecimals);
    if (!priced.ok) return priced;

    const sale: RecordedSale = {
      id: randomUUID(),
      receiptNumber: 0,
      createdAt: options.now ?? Date.now(),
      currency: settings.currency,
      totalMinor: priced.value.totalMinor,
      state: 'pending',
    };
    try {
      sale.receiptNumber = writeSale.immediate({
        sale,
        shopId: parsed.data.shopId ?? settings.shopId,
        customerId: parsed.data.customerId ?? null,
        paymentMethod: parsed.data.paymentMethod,
        lines: priced.value.lines,
      });
    } catch (error) {
      const storage = describeStorageError(error, 'Saving the sale');
      if (storage) return fail(storage);
      throw error;
    }
    return ok(sale);
  }

  return { recordSale };
}

/** Integer minor-unit lines and total; refuses totals too large to be exact. */
export function priceLines(
  input: Pick<SaleInput, 'items'>,
  decimals: number,
): Result<{ lines: PricedLine[]; totalMinor: number }> {
  const lines: PricedLine[] = [];
  let totalMinor = 0;
  for (const [index, item] of input.items.entries()) {
    // Both conversions were checked by the schema.
    const quantityMilli = toScaledInteger(item.quantity, QUANTITY_DECIMALS)!;
    const unitPriceMinor = toScaledInteger(item.price, decimals)!;
    const lineTotal = lineTotalMinor(quantityMilli, unitPriceMinor);
    totalMinor += lineTotal ?? Infinity;
    if (lineTotal === undefined || !Number.isSafeInteger(totalMinor)) {
      return fail({
        code: 'invalid_input',
        message: `The sale is not valid: /items/${index}: the total is too large to be exact`,
        fields: [{ path: `/items/${index}`, message: 'the total is too large to be exact' }],
      });
    }
    lines.push({
      productId: item.productId,
      quantityMilli,
      unitPriceMinor,
      lineTotalMinor: lineTotal,
    });
  }
  return ok({ lines, totalMinor });
}
