// Returns against a receipt. A return is written in one IMMEDIATE transaction: the sale is
// found (in the main file or an archive), what is still returnable is read, every line is
// checked, then the return and its lines go in with its own number and its refund, into
// the current shift. Anything wrong refuses the whole return, naming the field; a crash
// leaves it whole or absent.
import { randomUUID } from 'node:crypto';
import type { Cashiers } from './cashiers.js';
import { eq, sql } from './drizzle.js';
import { invalidInput } from './field-errors.js';
import type { History } from './history.js';
import type { TillDatabase } from './open.js';
import { tillTimeZone } from './till-time-zone.js';
import { createReturnSearch, type FoundSaleRow } from './return-search.js';
import { createReturnViews } from './return-views.js';
import { returnItems, returns } from './schema.js';
import type { SettingsStore } from './settings.js';
import type { Act, Shifts } from './shifts.js';
import type { PrintJobs } from './print-jobs.js';
import { NO_SALE_PRINTING, paperJob, type SalePrinting } from '../domain/print-jobs.js';
import { fromScaledInteger, QUANTITY_DECIMALS, toScaledInteger } from '../domain/money.js';
import { CASH_METHOD } from '../domain/payment-methods.js';
import { fail, invalidFields, ok, type FieldError, type Result } from '../domain/result.js';
import { said } from '../domain/i18n/said.js';
import {
  newReturnInput,
  refundFor,
  notReturnableOf,
  whyNotReturnable,
  type ReturnableSale,
  type ReturnDeliveryOutcome,
  type ReturnView,
} from '../domain/returns.js';

/** Who makes a return, who allowed it, and what its delivery to the platform gave. */
export interface ReturnAct extends Act {
  approvedBy: string | null;
  deliver: (ret: ReturnView) => ReturnDeliveryOutcome;
  /** The refund receipt and the drawer, printed by the till's printer (written with the return). */
  printing?: SalePrinting;
}

const milli = (quantity: number) => toScaledInteger(quantity, QUANTITY_DECIMALS)!;
const units = (quantityMilli: number) => fromScaledInteger(quantityMilli, QUANTITY_DECIMALS);

/** The receipt typed names no sale: said in words, and as the field at fault. */
const notFound = (receipt: string) =>
  fail({
    code: 'not_found',
    ...said('store.noSaleHereNorArchived', { sale: receipt }),
    fields: [{ path: '/receipt', ...said('field.notASaleHere') }],
  });

export function createReturns(
  database: TillDatabase,
  shifts: Pick<Shifts, 'currentIdOrOpen'>,
  cashiers: Pick<Cashiers, 'nameOf'>,
  settingsStore: SettingsStore,
  printJobs: Pick<PrintJobs, 'addPrintJob'>,
  history?: History,
) {
  const { db, sqlite } = database;
  const search = createReturnSearch(database, () => tillTimeZone(settingsStore.read()), history);
  const returnedLines = sqlite.prepare<
    [{ saleId: string }],
    { line: number; quantityMilli: number; refundMinor: number }
  >(`select ri.sale_line_number as line, sum(ri.quantity_milli) as quantityMilli,
       sum(ri.refund_minor) as refundMinor
       from return_items ri join returns r on r.id = ri.return_id
      where r.sale_id = @saleId group by ri.sale_line_number`);

  /** The R numbers of the returns made against a sale, oldest first. */
  const returnNumbersOf = (saleId: string): number[] =>
    db
      .select({ number: returns.returnNumber })
      .from(returns)
      .where(eq(returns.saleId, saleId))
      .orderBy(returns.returnNumber)
      .all()
      .map((row) => row.number);

  function returnableOf(sale: FoundSaleRow): ReturnableSale & { soldMilli: Map<number, number> } {
    const before = new Map(returnedLines.all({ saleId: sale.saleId }).map((r) => [r.line, r]));
    const soldMilli = new Map<number, number>();
    const lines = search.soldLines(sale).map((line) => {
      const returned = before.get(line.lineNumber);
      soldMilli.set(line.lineNumber, line.quantityMilli);
      return {
        lineNumber: line.lineNumber,
        productId: line.productId,
        name: line.name ?? line.productId,
        soldQuantity: units(line.quantityMilli),
        returnedQuantity: units(returned?.quantityMilli ?? 0),
        returnableQuantity: units(line.quantityMilli - (returned?.quantityMilli ?? 0)),
        chargedTotalMinor: line.chargedMinor,
        refundedMinor: returned?.refundMinor ?? 0,
      };
    });
    const { schema: _schema, ...row } = sale;
    const stateWhy = whyNotReturnable(sale.receiptNumber, sale.state);
    const allBack = lines.every((line) => line.returnableQuantity === 0);
    return {
      ...row,
      lines,
      returnNumbers: returnNumbersOf(sale.saleId),
      ...notReturnableOf(
        stateWhy ?? (allBack ? said('store.allReturned', { receipt: sale.receiptNumber }) : null),
      ),
      soldMilli,
    };
  }

  /** The sale with this receipt number or code, and what of it can still be returned. */
  function getReturnable(receiptOrCode: string): Result<ReturnableSale> {
    const sale = search.findSale(receiptOrCode);
    if (!sale) return notFound(receiptOrCode);
    const { soldMilli: _sold, ...view } = returnableOf(sale);
    return ok(view);
  }

  const recordTransaction = sqlite.transaction(
    (receiptOrCode: string, input: ReturnType<typeof newReturnInput.parse>, act: ReturnAct) => {
      const sale = search.findSale(receiptOrCode);
      if (!sale) return notFound(receiptOrCode);
      const returnable = returnableOf(sale);
      const stateWhy = whyNotReturnable(sale.receiptNumber, sale.state);
      if (stateWhy) return fail({ code: 'not_returnable', ...stateWhy });
      const wanted =
        input.lines ??
        returnable.lines
          .filter((line) => line.returnableQuantity > 0)
          .map((line) => ({ lineNumber: line.lineNumber, quantity: line.returnableQuantity }));
      if (wanted.length === 0)
        return fail({
          code: 'not_returnable',
          message: returnable.notReturnable!,
          ...(returnable.notReturnableSay ? { say: returnable.notReturnableSay } : {}),
        });
      const errors: FieldError[] = [];
      const seen = new Set<number>();
      wanted.forEach(({ lineNumber, quantity }, i) => {
        const line = returnable.lines.find((l) => l.lineNumber === lineNumber);
        if (!line)
          errors.push({
            path: `/lines/${i}/lineNumber`,
            ...said('field.return.notALine', {
              receipt: sale.receiptNumber,
              count: returnable.lines.length,
            }),
          });
        else if (seen.has(lineNumber))
          errors.push({
            path: `/lines/${i}/lineNumber`,
            ...said('field.return.lineTwice', { line: lineNumber }),
          });
        else if (quantity > line.returnableQuantity)
          errors.push({
            path: `/lines/${i}/quantity`,
            ...(line.returnableQuantity === 0
              ? said('field.return.lineAllBack', { line: lineNumber })
              : said('field.return.moreThanLeft', {
                  line: lineNumber,
                  left: line.returnableQuantity,
                })),
          });
        seen.add(lineNumber);
      });
      if (errors.length) return fail(invalidFields(said('store.returnNotValid'), errors));

      const items = wanted.map(({ lineNumber, quantity }, i) => {
        const line = returnable.lines.find((l) => l.lineNumber === lineNumber)!;
        return {
          lineNumber: i + 1,
          saleLineNumber: lineNumber,
          productId: line.productId,
          name: line.name,
          quantityMilli: milli(quantity),
          refundMinor: refundFor(
            line.chargedTotalMinor,
            returnable.soldMilli.get(lineNumber)!,
            milli(line.returnedQuantity),
            milli(quantity),
          ),
        };
      });
      const returnNumber =
        (db
          .select({ last: sql<number | null>`max(${returns.returnNumber})` })
          .from(returns)
          .get()?.last ?? 0) + 1;
      const view: ReturnView = {
        returnId: randomUUID(),
        returnNumber,
        createdAt: act.now,
        currency: sale.currency,
        saleId: sale.saleId,
        saleReceiptNumber: sale.receiptNumber,
        saleCreatedAt: sale.createdAt,
        refundPaymentMethod: input.refund === 'cash' ? CASH_METHOD : sale.paymentMethod,
        totalMinor: items.reduce((sum, item) => sum + item.refundMinor, 0),
        reason: input.reason,
        lines: items.map(({ quantityMilli, ...item }) => ({
          ...item,
          quantity: units(quantityMilli),
        })),
        cashierName: cashiers.nameOf(act.cashierId),
        approvedByName: cashiers.nameOf(act.approvedBy),
        delivery: 'not_sent',
        deliveryNote: null,
      };
      const delivered = act.deliver(view);
      db.insert(returns)
        .values({
          id: view.returnId,
          returnNumber,
          saleId: sale.saleId,
          saleReceiptNumber: sale.receiptNumber,
          createdAt: act.now,
          currency: sale.currency,
          totalMinor: view.totalMinor,
          refundPaymentMethod: view.refundPaymentMethod,
          reason: input.reason,
          shiftId: shifts.currentIdOrOpen(act),
          cashierId: act.cashierId,
          approvedBy: act.approvedBy,
          delivery: delivered.state,
          deliveryNote: delivered.note,
        })
        .run();
      db.insert(returnItems)
        .values(
          items.map((item) => ({
            returnId: view.returnId,
            lineNumber: item.lineNumber,
            saleLineNumber: item.saleLineNumber,
            productId: item.productId,
            quantityMilli: item.quantityMilli,
            refundMinor: item.refundMinor,
          })),
        )
        .run();
      const cash = view.refundPaymentMethod === CASH_METHOD;
      const job = paperJob(act.printing ?? NO_SALE_PRINTING, {
        kind: 'refund',
        ref: view.returnId,
        cash,
      });
      if (job) printJobs.addPrintJob(job, act.now);
      return ok({ ...view, delivery: delivered.state, deliveryNote: delivered.note });
    },
  );

  /**
   * Records a return against a sale (receipt number or scanned code). Bad input, or a sale
   * that cannot take it, is refused with the reason; nothing is written.
   */
  function recordReturn(receiptOrCode: string, input: unknown, act: ReturnAct): Result<ReturnView> {
    const parsed = newReturnInput.safeParse(input);
    if (!parsed.success) return fail(invalidInput(said('store.returnNotValid'), parsed.error));
    return recordTransaction.immediate(receiptOrCode, parsed.data, act);
  }

  const views = createReturnViews(database, cashiers, settingsStore, search.findSale);

  return {
    findSaleForReturn: getReturnable,
    searchSalesForReturn: search.searchSales,
    recordReturn,
    ...views,
    returnNumbersOf,
  };
}

export type Returns = ReturnType<typeof createReturns>;
