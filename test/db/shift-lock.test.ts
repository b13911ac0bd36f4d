// A closed shift never changes: the database itself refuses a change to it, and when a sale
// of it is discarded later, the cash it counted leaves the open shift as a correction that
// names the sale, the Z report staying as it was made.
import { describe, expect, it } from 'vitest';
import { act, freshStore, NOW, sell, tradingRows } from '../helpers/shift-store.js';

describe('a closed shift', () => {
  it('keeps its Z report when a sale of it is discarded later: the open shift gets a correction naming it', () => {
    const store = freshStore();
    store.shifts.open({ floatMinor: 1_000 }, act());
    const late = sell(store, NOW + 1, { tenderedMinor: 2_000 }); // 4.50, change 15.50
    const closed = store.shifts.close({ count: { countedMinor: 1_450 } }, act(NOW + 2));
    if (!closed.ok) throw new Error(closed.error.message);
    store.database.sqlite
      .prepare(`update outbox set state = 'refused' where sale_id = ?`)
      .run(late.saleId);
    store.shifts.open({ floatMinor: 1_450 }, act(NOW + 3));
    const discarded = store.discardRefused(late.saleId, { reason: 'rung up twice' }, NOW + 4);
    expect(discarded.ok).toBe(true);
    expect(store.shifts.zReport(1)).toEqual({ ok: true, value: closed.value });
    expect(store.shifts.xReport(NOW + 5)).toMatchObject({
      ok: true,
      value: {
        correctionsMinor: -450,
        expectedMinor: 1_000,
        drawerEntries: [
          { kind: 'correction', amountMinor: -450, correctsReceipt: late.receiptNumber },
        ],
      },
    });
    store.close();
  });

  it('is locked: the database refuses to change its row, its sales shift, or add to it, or delete', () => {
    const store = freshStore();
    store.shifts.open({ floatMinor: 1_000 }, act());
    const sale = sell(store, NOW + 1);
    store.shifts.addEntry({ kind: 'cash_in', amountMinor: 100, reason: 'coins' }, act(NOW + 2));
    const closed = store.shifts.close({ count: { countedMinor: 1_550 } }, act(NOW + 3));
    if (!closed.ok) throw new Error(closed.error.message);
    const shiftId = closed.value.shiftId;
    sell(store, NOW + 4); // a new, open shift
    const openId = store.shifts.current()!.id;
    const sqlite = store.database.sqlite;
    const before = tradingRows(store);
    const refused = [
      () => sqlite.prepare('update shifts set counted_minor = 0 where id = ?').run(shiftId),
      () => sqlite.prepare(`update shifts set state = 'open' where id = ?`).run(shiftId),
      () => sqlite.prepare(`update shifts set z_report = '{}' where id = ?`).run(shiftId),
      () => sqlite.prepare('update sales set shift_id = ? where id = ?').run(openId, sale.saleId),
      () => sqlite.prepare('update sales set shift_id = null where id = ?').run(sale.saleId),
      () =>
        sqlite
          .prepare(
            `insert into drawer_entries (id, shift_id, kind, amount_minor, reason, created_at)
             values ('late', ?, 'cash_in', 100, 'late', ?)`,
          )
          .run(shiftId, NOW + 5),
      () =>
        sqlite
          .prepare(
            `insert into sales (id, receipt_number, created_at, payment_method, currency, total_minor, shift_id)
             values ('late', 999, ?, 'CASH', 'USD', 100, ?)`,
          )
          .run(NOW + 5, shiftId),
      () => sqlite.prepare('update drawer_entries set amount_minor = 1').run(),
      () => sqlite.prepare('delete from drawer_entries').run(),
      () => sqlite.prepare('delete from shifts where id = ?').run(shiftId),
    ];
    for (const write of refused) expect(write).toThrow(/shift_locked/);
    expect(tradingRows(store)).toEqual(before);
    expect(store.shifts.zReport(1)).toEqual({ ok: true, value: closed.value });
    store.close();
  });
  it('needs no correction while its shift is still open', () => {
    const store = freshStore();
    const sale = sell(store, NOW, { tenderedMinor: 450 });
    store.database.sqlite
      .prepare(`update outbox set state = 'refused' where sale_id = ?`)
      .run(sale.saleId);
    expect(store.discardRefused(sale.saleId, { reason: 'test sale' }, NOW + 1_000).ok).toBe(true);
    const x = store.shifts.xReport(NOW + 2_000);
    if (!x.ok) throw new Error(x.error.message);
    expect(x.value.drawerEntries).toEqual([]);
    expect(x.value.expectedMinor).toBe(0);
    expect(x.value.discarded).toEqual({ count: 1, totalMinor: 450 });
    store.close();
  });
});
