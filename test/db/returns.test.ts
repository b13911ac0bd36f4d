// A return against a receipt: found by number or scanned code (in the till's file or its
// archives), capped at what is left of each line, refunded from what was charged so that
// partial returns add up to the line exactly, numbered R1, R2..., into the current shift,
// marked not sent. Anything wrong refuses it whole, naming the field; nothing is written.
import { describe, expect, it } from 'vitest';
import { archiveSales, keepFrom } from '../../db/archive.js';
import { openStore, type Store } from '../../db/store.js';
import { receiptCode } from '../../domain/receipt-code.js';
import { refundFor } from '../../domain/returns.js';
import { localDayOf as dayOf } from '../helpers/days.js';
import { NOT_SENT_NOTE, v1ReturnDelivery } from '../../main/sync/return-delivery.js';
import { act, freshStore, NOW, sell, tradingRows } from '../helpers/shift-store.js';
import { rowCounts } from '../helpers/sales.js';
import { seededRandom } from '../../sandbox/seeded-random.js';

const by = (now = NOW + 10) => ({
  ...act(now),
  approvedBy: null,
  deliver: v1ReturnDelivery.deliver,
});

const snapshot = (store: Store) => ({
  rows: rowCounts(store.database.sqlite),
  trading: tradingRows(store),
  returns: store.database.sqlite.prepare('select * from returns').all(),
  items: store.database.sqlite.prepare('select * from return_items').all(),
});

/** Three lines: 3 × 3.33 (line total 9.99), 1 × 5.00, 0.75 kg × 4.00. */
const threeLines = {
  items: [
    { productId: 'p-soap', quantity: 3, unitPriceMinor: 333 },
    { productId: 'p-rice', quantity: 1, unitPriceMinor: 500 },
    { productId: 'p-fish', quantity: 0.75, unitPriceMinor: 400 },
  ],
  paymentMethod: 'CARD',
};

describe('returns against a receipt', () => {
  it('returns part of a sale found by its scanned code: R1, refunded from the charge, not sent', () => {
    const store = freshStore();
    const sale = sell(store, NOW, threeLines);
    const found = store.findSaleForReturn(receiptCode(sale.receiptNumber));
    expect(found).toMatchObject({
      ok: true,
      value: { receiptNumber: sale.receiptNumber, archived: false, notReturnable: null },
    });
    const recorded = store.recordReturn(
      receiptCode(sale.receiptNumber),
      { reason: ' Broken seal ', lines: [{ lineNumber: 1, quantity: 1 }], refund: 'cash' },
      by(),
    );
    expect(recorded).toMatchObject({
      ok: true,
      value: {
        returnNumber: 1,
        saleReceiptNumber: sale.receiptNumber,
        refundPaymentMethod: 'CASH',
        totalMinor: 333,
        reason: 'Broken seal',
        lines: [
          { lineNumber: 1, saleLineNumber: 1, productId: 'p-soap', quantity: 1, refundMinor: 333 },
        ],
        delivery: 'not_sent',
        deliveryNote: NOT_SENT_NOTE,
      },
    });
    const row = store.database.sqlite.prepare('select * from returns').get() as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({ return_number: 1, total_minor: 333, delivery: 'not_sent' });
    expect(row.shift_id).toBe(store.shifts.current()!.id);
    // The rest of it, in full: R2 takes exactly what is left of every line.
    const rest = store.recordReturn(String(sale.receiptNumber), { reason: 'All of it' }, by());
    expect(rest.ok && rest.value).toMatchObject({
      returnNumber: 2,
      refundPaymentMethod: 'CARD',
      totalMinor: 999 - 333 + 500 + 300,
      lines: [
        { saleLineNumber: 1, quantity: 2, refundMinor: 666 },
        { saleLineNumber: 2, quantity: 1, refundMinor: 500 },
        { saleLineNumber: 3, quantity: 0.75, refundMinor: 300 },
      ],
    });
    expect(store.getReceipt(sale.saleId)!.returnNumbers).toEqual([1, 2]);
    const after = store.findSaleForReturn(String(sale.receiptNumber));
    expect(after.ok && after.value.notReturnable).toMatch(/already been returned/);
    expect(store.getRefundReceipt('R2')).toMatchObject({ returnNumber: 2, totalMinor: 1466 });
    expect(store.listReturns().map((r) => r.returnNumber)).toEqual([2, 1]);
  });

  it('refuses, naming the field and writing nothing: no such receipt, bad line, too many, voided', () => {
    const store = freshStore();
    const sale = sell(store, NOW, threeLines);
    const voided = sell(store, NOW + 1);
    expect(store.voidSale(String(voided.receiptNumber), { reason: 'wrong' }, act(NOW + 2)).ok).toBe(
      true,
    );
    store.recordReturn(
      String(sale.receiptNumber),
      { reason: 'one', lines: [{ lineNumber: 1, quantity: 2 }] },
      by(),
    );
    const before = snapshot(store);
    const refusals: Array<[string, unknown, RegExp]> = [
      ['999', { reason: 'x' }, /There is no sale 999/],
      ['TSR999', { reason: 'x' }, /There is no sale TSR999/],
      [
        String(sale.receiptNumber),
        { reason: 'x', lines: [{ lineNumber: 4, quantity: 1 }] },
        /\/lines\/0\/lineNumber: is not a line of sale/,
      ],
      [
        String(sale.receiptNumber),
        { reason: 'x', lines: [{ lineNumber: 1, quantity: 2 }] },
        /\/lines\/0\/quantity: .*at most 1/,
      ],
      [
        String(sale.receiptNumber),
        { reason: 'x', lines: [{ lineNumber: 3, quantity: 0.0005 }] },
        /\/lines\/0\/quantity: must have at most 3 decimal places/,
      ],
      [String(sale.receiptNumber), { reason: '  ' }, /\/reason: must say why/],
      [
        String(sale.receiptNumber),
        { reason: 'x', refund: 'card' },
        /\/refund: must be original or cash/,
      ],
      [String(voided.receiptNumber), { reason: 'x' }, /was voided: it was never charged/],
    ];
    for (const [receipt, input, message] of refusals) {
      const result = store.recordReturn(receipt, input, by());
      expect(result.ok, receipt).toBe(false);
      if (!result.ok)
        expect(result.error.message + ' ' + JSON.stringify(result.error.fields ?? [])).toMatch(
          message,
        );
    }
    expect(snapshot(store)).toEqual(before);
  });

  it('takes cash refunds out of the day and the drawer, and a sale with a return cannot be voided', () => {
    const store = freshStore();
    store.shifts.open({ floatMinor: 1_000 }, act());
    const cash = sell(store, NOW + 1, { tenderedMinor: 500 }); // 4.50 cash
    const card = sell(store, NOW + 2, { paymentMethod: 'CARD' }); // 4.50 by card
    store.recordReturn(String(card.receiptNumber), { reason: 'x', refund: 'cash' }, by());
    store.recordReturn(
      String(cash.receiptNumber),
      { reason: 'y', lines: [{ lineNumber: 1, quantity: 1 }] },
      by(),
    );
    expect(store.dayTotals(dayOf(NOW))).toMatchObject({
      sales: { count: 2, totalMinor: 900 },
      returns: { count: 2, totalMinor: 450 + 125 },
      cashExpectedMinor: 450 - 450 - 125,
    });
    expect(store.shifts.xReport(NOW + 20)).toMatchObject({
      ok: true,
      value: {
        returns: { count: 2, totalMinor: 575 },
        cashRefundsMinor: 575,
        expectedMinor: 1_000 + 450 - 575,
      },
    });
    const before = snapshot(store);
    const refused = store.voidSale(String(cash.receiptNumber), { reason: 'z' }, act(NOW + 30));
    expect(refused.ok || refused.error).toMatchObject({ code: 'not_voidable' });
    expect(refused.ok || refused.error.message).toMatch(/has returns against it \(R2\)/);
    expect(snapshot(store)).toEqual(before);
  });

  it('returns a sale that moved to an archive, with no connection', async () => {
    const first = freshStore();
    const old = sell(first, NOW - 500 * 86_400_000, threeLines);
    first.database.sqlite.prepare("update outbox set state = 'synced'").run();
    expect(await archiveSales(first.database, keepFrom(NOW, 12))).toBe(1);
    first.close();
    // Opened again: the return is the first read of the archive (attached outside its write).
    const store = openStore(first.file);
    expect(store.database.sqlite.prepare('select count(*) from sales').pluck().get()).toBe(0);
    // Too late to void it: the archive's copy says why, and a return is offered.
    const voided = store.voidSale(String(old.receiptNumber), { reason: 'Wrong sale' });
    expect(voided.ok || voided.error).toMatchObject({
      code: 'not_voidable',
      message: expect.stringMatching(/return instead/) as unknown,
    });
    const recorded = store.recordReturn(String(old.receiptNumber), { reason: 'Late' }, by());
    expect(recorded.ok && recorded.value.totalMinor).toBe(999 + 500 + 300);
    const found = store.findSaleForReturn(String(old.receiptNumber));
    expect(found.ok && found.value).toMatchObject({
      archived: true,
      state: 'synced',
      returnNumbers: [1],
      notReturnable: expect.stringMatching(/already been returned/) as unknown,
    });
    const search = store.searchSalesForReturn({ amountMinor: 1799 });
    expect(search.ok && search.value.map((s) => s.receiptNumber)).toEqual([old.receiptNumber]);
    store.close();
  });

  it('records what the delivery answers: a documented refund operation needs no other change', () => {
    const store = freshStore();
    const sale = sell(store, NOW, threeLines);
    const seen: number[] = [];
    const recorded = store.recordReturn(
      String(sale.receiptNumber),
      { reason: 'x', lines: [{ lineNumber: 2, quantity: 1 }] },
      {
        ...by(),
        deliver: (ret) => {
          seen.push(ret.totalMinor);
          return { state: 'sent', note: null };
        },
      },
    );
    expect(seen).toEqual([500]);
    expect(recorded.ok && recorded.value).toMatchObject({ delivery: 'sent', deliveryNote: null });
    expect(store.getReturn('R1')).toMatchObject({ delivery: 'sent', deliveryNote: null });
  });

  it('finds sales by day, charged total and customer', () => {
    const store = freshStore();
    store.database.sqlite
      .prepare("insert into customers (id, name, updated_at) values ('c-ama', 'Ama Mensah', 0)")
      .run();
    const a = sell(store, NOW, { customerId: 'c-ama' });
    const b = sell(store, NOW + 86_400_000);
    const ids = (input: unknown) => {
      const result = store.searchSalesForReturn(input);
      if (!result.ok) throw new Error(result.error.message);
      return result.value.map((s) => s.receiptNumber);
    };
    expect(ids({ customer: 'mensah' })).toEqual([a.receiptNumber]);
    expect(ids({ customer: 'c-ama' })).toEqual([a.receiptNumber]);
    expect(ids({ day: dayOf(NOW + 86_400_000) })).toEqual([b.receiptNumber]);
    expect(ids({ amountMinor: 450 })).toEqual([b.receiptNumber, a.receiptNumber]);
    expect(store.searchSalesForReturn({}).ok).toBe(false);
    expect(store.searchSalesForReturn({ day: '2026-02-30' })).toMatchObject({ ok: false });
  });

  it('splits a line into partial refunds that always add up to its charge exactly', () => {
    const random = seededRandom(26);
    for (let run = 0; run < 2_000; run++) {
      const sold = 1 + Math.floor(random() * 20_000);
      const charged = Math.floor(random() * 10 ** (1 + Math.floor(random() * 13)));
      let returned = 0;
      let refunded = 0;
      while (returned < sold) {
        const q = Math.min(sold - returned, 1 + Math.floor(random() * sold));
        const part = refundFor(charged, sold, returned, q);
        expect(part).toBeGreaterThanOrEqual(0);
        refunded += part;
        returned += q;
      }
      expect(refunded).toBe(charged);
    }
  });
});
