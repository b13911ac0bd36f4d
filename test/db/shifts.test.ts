// The till's shifts and drawer through the store: one current shift, a sale opens one by
// itself, drawer entries with reasons, bad input names its field and writes nothing, the
// close numbers a Z report. (A closed shift's lock: shift-lock.test.ts.)
import { describe, expect, it } from 'vitest';
import { act, freshStore, NOW, sell, tradingRows } from '../helpers/shift-store.js';

const fieldsOf = (result: { ok: boolean; error?: { fields?: Array<{ path: string }> } }) =>
  result.ok ? [] : (result.error?.fields ?? []).map((field) => field.path);

describe('opening a shift', () => {
  it('opens with the counted float, and refuses a second one writing nothing', () => {
    const store = freshStore();
    const opened = store.shifts.open({ floatMinor: 10_000 }, act());
    expect(opened).toMatchObject({
      ok: true,
      value: { state: 'open', openedAt: NOW, floatMinor: 10_000, floatCounted: true },
    });
    const before = tradingRows(store);
    const second = store.shifts.open({ floatMinor: 5_000 }, act(NOW + 1000));
    expect(second).toMatchObject({ ok: false, error: { code: 'shift_open' } });
    expect(!second.ok && second.error.message).toMatch(/already open.*close it/);
    expect(tradingRows(store)).toEqual(before);
    expect(store.shifts.current()?.floatMinor).toBe(10_000);
    store.close();
  });

  it('is done by a sale when none is open, with the float not counted; opening then counts it once', () => {
    const store = freshStore();
    expect(store.shifts.current()).toBeNull();
    const receipt = sell(store, NOW);
    const auto = store.shifts.current()!;
    expect(auto).toMatchObject({
      state: 'open',
      openedAt: NOW,
      floatMinor: 0,
      floatCounted: false,
    });
    const shiftOfSale = store.database.sqlite
      .prepare('select shift_id from sales where id = ?')
      .pluck()
      .get(receipt.saleId);
    expect(shiftOfSale).toBe(auto.id);

    const counted = store.shifts.open({ floatMinor: 7_500 }, act(NOW + 60_000));
    expect(counted).toMatchObject({
      ok: true,
      value: { id: auto.id, openedAt: NOW, floatMinor: 7_500, floatCounted: true },
    });
    // Counted once: a second open is a second shift, refused.
    const again = store.shifts.open({ floatMinor: 1 }, act(NOW + 120_000));
    expect(again).toMatchObject({ ok: false, error: { code: 'shift_open' } });
    expect(store.shifts.current()).toMatchObject({ id: auto.id, floatMinor: 7_500 });
    expect(store.shifts.xReport(NOW + 180_000)).toMatchObject({
      ok: true,
      value: { floatMinor: 7_500, expectedMinor: 7_500 + 450, sales: { count: 1 } },
    });
    store.close();
  });

  it('refuses a bad float naming the field, and writes nothing', () => {
    const store = freshStore();
    for (const floatMinor of [-1, 1.5, 'ten', 1e13, undefined]) {
      const result = store.shifts.open({ floatMinor }, act());
      expect(result.ok).toBe(false);
      expect(fieldsOf(result)).toEqual(['/floatMinor']);
    }
    expect(tradingRows(store).shifts).toBe(0);
    store.close();
  });
});

describe('the cash drawer', () => {
  it('records cash in, cash out, safe drops and no sale with reasons and signed amounts', () => {
    const store = freshStore();
    store.shifts.open({ floatMinor: 10_000 }, act());
    const entries = [
      { kind: 'cash_in', amountMinor: 2_000, reason: 'change from the bank' },
      { kind: 'cash_out', amountMinor: 750, reason: 'milk for the office' },
      { kind: 'safe_drop', amountMinor: 5_000, reason: 'too many notes' },
      { kind: 'no_sale', reason: 'customer needed change' },
    ];
    entries.forEach((entry, index) => {
      expect(store.shifts.addEntry(entry, act(NOW + index + 1)).ok).toBe(true);
    });
    const report = store.shifts.xReport(NOW + 10);
    if (!report.ok) throw new Error(report.error.message);
    expect(
      report.value.drawerEntries.map(({ kind, amountMinor, reason }) => ({
        kind,
        amountMinor,
        reason,
      })),
    ).toEqual([
      { kind: 'cash_in', amountMinor: 2_000, reason: 'change from the bank' },
      { kind: 'cash_out', amountMinor: -750, reason: 'milk for the office' },
      { kind: 'safe_drop', amountMinor: -5_000, reason: 'too many notes' },
      { kind: 'no_sale', amountMinor: 0, reason: 'customer needed change' },
    ]);
    expect(report.value).toMatchObject({
      cashInMinor: 2_000,
      cashOutMinor: 5_750,
      noSales: 1,
      expectedMinor: 10_000 + 2_000 - 750 - 5_000,
    });
    store.close();
  });

  it('refuses an entry without a reason or with a bad amount, naming the field, writing nothing', () => {
    const store = freshStore();
    store.shifts.open({ floatMinor: 10_000 }, act());
    const before = tradingRows(store);
    const bad: Array<[unknown, string]> = [
      [{ kind: 'cash_out', amountMinor: 500 }, '/reason'],
      [{ kind: 'cash_out', amountMinor: 500, reason: '   ' }, '/reason'],
      [{ kind: 'cash_out', amountMinor: -500, reason: 'float' }, '/amountMinor'],
      [{ kind: 'cash_in', amountMinor: 12.5, reason: 'float' }, '/amountMinor'],
      [{ kind: 'cash_in', amountMinor: 1e13, reason: 'float' }, '/amountMinor'],
      [{ kind: 'cash_in', amountMinor: '5', reason: 'float' }, '/amountMinor'],
      [{ kind: 'cash_in', amountMinor: 0, reason: 'float' }, '/amountMinor'],
      [{ kind: 'refund', amountMinor: 100, reason: 'float' }, '/kind'],
      [{ kind: 'correction', amountMinor: 100, reason: 'by hand' }, '/kind'],
    ];
    for (const [input, field] of bad) {
      const result = store.shifts.addEntry(input, act(NOW + 1));
      expect(result, JSON.stringify(input)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
      expect(fieldsOf(result), JSON.stringify(input)).toEqual([field]);
    }
    expect(tradingRows(store)).toEqual(before);
    store.close();
  });
});

describe('closing a shift', () => {
  it('with no shift open is refused as no_shift', () => {
    const store = freshStore();
    const result = store.shifts.close({ count: { countedMinor: 0 } }, act());
    expect(result).toMatchObject({ ok: false, error: { code: 'no_shift' } });
    expect(store.shifts.xReport(NOW)).toMatchObject({ ok: false, error: { code: 'no_shift' } });
    expect(tradingRows(store).shifts).toBe(0);
    store.close();
  });

  it('needs a note when the cash is over or short by more than the limit', () => {
    const store = freshStore();
    store.settings.update({ closeNoteAboveMinor: 500 });
    store.shifts.open({ floatMinor: 10_000 }, act());
    const before = tradingRows(store);
    const short = store.shifts.close({ count: { countedMinor: 9_499 } }, act(NOW + 1));
    expect(short).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(fieldsOf(short)).toEqual(['/note']);
    expect(tradingRows(store)).toEqual(before);
    expect(store.shifts.current()?.state).toBe('open');
    // At the limit no note is needed; above it, a note closes.
    const preview = store.shifts.previewClose({ count: { countedMinor: 9_500 } }, NOW + 2);
    expect(preview).toMatchObject({
      ok: true,
      value: { expectedMinor: 10_000, differenceMinor: -500, noteRequired: false },
    });
    const closed = store.shifts.close(
      { count: { countedMinor: 9_499 }, note: 'a note fell behind the drawer' },
      act(NOW + 3),
    );
    expect(closed).toMatchObject({
      ok: true,
      value: { kind: 'Z', number: 1, differenceMinor: -501, note: 'a note fell behind the drawer' },
    });
    store.close();
  });

  it('numbers Z reports 1, 2, 3 in order, and zReport(n) is exactly what the close returned', () => {
    const store = freshStore();
    const made = [];
    for (let n = 0; n < 3; n++) {
      const at = NOW + n * 3_600_000;
      store.shifts.open({ floatMinor: 1_000 * (n + 1) }, act(at));
      sell(store, at + 1);
      const denominations = [
        { valueMinor: 1_000, count: n + 1 },
        { valueMinor: 50, count: 9 },
        { valueMinor: 20, count: 0 },
      ];
      const closed = store.shifts.close({ count: { denominations } }, act(at + 2));
      if (!closed.ok) throw new Error(closed.error.message);
      made.push(closed.value);
      expect(closed.value).toMatchObject({
        number: n + 1,
        countedMinor: 1_000 * (n + 1) + 450,
        differenceMinor: 0,
        denominations: denominations.filter((line) => line.count > 0),
      });
      expect(store.shifts.lastCountedMinor()).toBe(1_000 * (n + 1) + 450);
    }
    for (const report of made)
      expect(store.shifts.zReport(report.number!)).toEqual({ ok: true, value: report });
    expect(store.shifts.zReports()).toEqual([...made].reverse());
    expect(store.shifts.zReport(4)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    store.close();
  });

  it('is not blocked by a sale still waiting, and that sale syncing later leaves the Z report as it was', () => {
    const store = freshStore();
    store.shifts.open({ floatMinor: 2_000 }, act());
    const waiting = sell(store, NOW + 1);
    const synced = sell(store, NOW + 2, { paymentMethod: 'CARD' });
    const setState = store.database.sqlite.prepare(
      'update outbox set state = ?, synced_at = ? where sale_id = ?',
    );
    setState.run('synced', NOW + 3, synced.saleId);
    const closed = store.shifts.close({ count: { countedMinor: 2_450 } }, act(NOW + 4));
    if (!closed.ok) throw new Error(closed.error.message);
    expect(closed.value).toMatchObject({
      sales: { count: 2, totalMinor: 900 },
      waiting: { count: 1, totalMinor: 450 },
      expectedMinor: 2_450,
      firstReceipt: waiting.receiptNumber,
      lastReceipt: synced.receiptNumber,
    });
    const shiftId = closed.value.shiftId;
    // It syncs later, into the shift it belongs to; the Z report stays as it was made.
    setState.run('synced', NOW + 10_000, waiting.saleId);
    expect(store.shifts.zReport(1)).toEqual({ ok: true, value: closed.value });
    const shiftOf = store.database.sqlite
      .prepare('select shift_id from sales where id = ?')
      .pluck();
    expect(shiftOf.get(waiting.saleId)).toBe(shiftId);
    // The next sale opens a new shift rather than going into the closed one.
    const next = sell(store, NOW + 20_000);
    expect(shiftOf.get(next.saleId)).not.toBe(shiftId);
    expect(store.shifts.current()).toMatchObject({ floatCounted: false, openedAt: NOW + 20_000 });
    store.close();
  });
});
