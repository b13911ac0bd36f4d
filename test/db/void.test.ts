// A void takes back a charged sale never sent: it stays on record as voided (reason, who,
// when, a line in the attempt log), counts in the day's and the shift's voids and not in
// their sales, and its cash leaves the drawer. A sale that went anywhere near the platform
// cannot be voided: the answer says why and offers a return; nothing is written.
import { describe, expect, it } from 'vitest';
import { localDayOf as dayOf } from '../helpers/days.js';
import type { Store } from '../../db/store.js';
import { act, freshStore, NOW, sell, tradingRows } from '../helpers/shift-store.js';
import { rowCounts } from '../helpers/sales.js';

/** Everything a refused void must leave as it was. */
const snapshot = (store: Store) => ({
  rows: rowCounts(store.database.sqlite),
  trading: tradingRows(store),
  outbox: store.database.sqlite.prepare('select * from outbox order by sale_id').all(),
  counts: store.countByState(),
});

const setRow = (store: Store, saleId: string, assignments: string) =>
  store.database.sqlite.prepare(`update outbox set ${assignments} where sale_id = ?`).run(saleId);

describe('voiding a sale', () => {
  it('voids a pending sale never sent: on record, out of the sales and out of the drawer', () => {
    const store = freshStore();
    store.shifts.open({ floatMinor: 1_000 }, act());
    const kept = sell(store, NOW + 1, { paymentMethod: 'CARD' }); // 4.50 by card
    const wrong = sell(store, NOW + 2, { tenderedMinor: 2_000 }); // 4.50 cash, change 15.50
    const before = store.dayTotals(dayOf(NOW))!;
    expect(before).toMatchObject({ sales: { count: 2, totalMinor: 900 }, cashExpectedMinor: 450 });

    const voided = store.voidSale(
      String(wrong.receiptNumber),
      { reason: '  Customer changed their mind ' },
      { now: NOW + 3, cashierId: null },
    );
    expect(voided).toEqual({
      ok: true,
      value: {
        saleId: wrong.saleId,
        receiptNumber: wrong.receiptNumber,
        state: 'voided',
        currency: 'USD',
        totalMinor: 450,
        cashMinor: 450,
        reason: 'Customer changed their mind',
        voidedAt: NOW + 3,
        voidedBy: null,
        corrected: false,
      },
    });
    expect(store.getSale(wrong.saleId)!.outbox).toMatchObject({
      state: 'voided',
      voidReason: 'Customer changed their mind',
      voidedAt: NOW + 3,
      nextAttemptAt: null,
      attempts: 0,
    });
    expect(
      store.database.sqlite
        .prepare('select outcome, reason, started_at as at from sync_attempts where sale_id = ?')
        .all(wrong.saleId),
    ).toEqual([{ outcome: 'voided', reason: 'Customer changed their mind', at: NOW + 3 }]);
    expect(store.countByState()).toMatchObject({ pending: 1, voided: 1 });
    expect(store.getReceipt(wrong.saleId)).toMatchObject({ state: 'voided' });

    expect(store.dayTotals(dayOf(NOW))).toMatchObject({
      sales: { count: 1, totalMinor: 450 },
      byPaymentMethod: [{ paymentMethod: 'CARD', count: 1, totalMinor: 450 }],
      cashExpectedMinor: 0,
      waiting: { count: 1, totalMinor: 450 },
      voids: { count: 1, totalMinor: 450 },
      discarded: { count: 0, totalMinor: 0 },
    });
    const x = store.shifts.xReport(NOW + 4);
    expect(x).toMatchObject({
      ok: true,
      value: {
        sales: { count: 1, totalMinor: 450 },
        voids: { count: 1, totalMinor: 450 },
        cashSalesMinor: 0,
        expectedMinor: 1_000,
        byCashier: [{ cashier: null, count: 1, totalMinor: 450, cashMinor: 0 }],
      },
    });
    expect(kept.saleId).not.toBe(wrong.saleId);
    store.close();
  });

  it('voids by sale id too, and a second void of it says it is already voided', () => {
    const store = freshStore();
    const sale = sell(store, NOW);
    expect(store.voidSale(sale.saleId, { reason: 'test' }, { now: NOW + 1 }).ok).toBe(true);
    const before = snapshot(store);
    expect(store.voidSale(`#${sale.receiptNumber}`, { reason: 'again' }, { now: NOW + 2 })).toEqual(
      {
        ok: false,
        error: {
          code: 'not_voidable',
          message: `Sale #${sale.receiptNumber} is already voided: there is nothing more to undo.`,
          say: {
            key: 'store.notVoidable',
            values: { receipt: sale.receiptNumber, why: 'voided' },
          },
        },
      },
    );
    expect(snapshot(store)).toEqual(before);
    store.close();
  });

  const cannot: Array<[string, string, string, string]> = [
    [
      'being sent',
      `state = 'sending', claim_owner = 'engine', claim_epoch = 1`,
      'is being sent to the platform right now: make a return instead.',
      'sending',
    ],
    [
      'claimed, not yet on the wire',
      `state = 'sending', claim_owner = 'engine', claim_epoch = 1, in_flight_at = null`,
      'is being sent to the platform right now: make a return instead.',
      'sending',
    ],
    [
      'on the platform',
      `state = 'synced', attempts = 1, platform_id = 'sale_1'`,
      'is already on the platform: make a return instead.',
      'synced',
    ],
    [
      'refused by the platform',
      `state = 'refused', attempts = 1`,
      'was sent and the platform refused it: discard it, or make a return instead.',
      'refused',
    ],
    [
      'uncertain',
      `uncertain = 1, unanswered_attempts = 1, attempts = 1`,
      'may already be on the platform (an attempt got no answer): make a return instead.',
      'uncertain',
    ],
    [
      'pending after an attempt',
      `attempts = 1, last_http_status = 503`,
      'has already been sent once and may be on the platform: make a return instead.',
      'sentOnce',
    ],
    [
      'discarded',
      `state = 'discarded', discard_reason = 'twice'`,
      'was discarded: it is not counted, there is nothing to void.',
      'discarded',
    ],
  ];
  for (const [what, assignments, why, key] of cannot) {
    it(`refuses a sale ${what}, says why, and writes nothing`, () => {
      const store = freshStore();
      const sale = sell(store, NOW);
      setRow(store, sale.saleId, assignments);
      const before = snapshot(store);
      const result = store.voidSale(String(sale.receiptNumber), { reason: 'mistake' });
      expect(result).toEqual({
        ok: false,
        error: {
          code: 'not_voidable',
          message: `Sale #${sale.receiptNumber} ${why}`,
          say: { key: 'store.notVoidable', values: { receipt: sale.receiptNumber, why: key } },
        },
      });
      expect(snapshot(store)).toEqual(before);
      store.close();
    });
  }

  it('refuses a sale sent again after a refusal (an attempt was made, though the counter is back at 0)', () => {
    const store = freshStore();
    const sale = sell(store, NOW);
    setRow(store, sale.saleId, `state = 'refused', attempts = 1`);
    store.retryRefused(sale.saleId, NOW + 1);
    expect(store.getSale(sale.saleId)!.outbox).toMatchObject({ state: 'pending', attempts: 0 });
    store.database.sqlite
      .prepare(
        `insert into sync_attempts (sale_id, revision, idempotency_key, started_at, duration_ms, outcome)
         select sale_id, revision, idempotency_key, ?, 20, 'refused' from outbox where sale_id = ?`,
      )
      .run(NOW, sale.saleId);
    const before = snapshot(store);
    const result = store.voidSale(sale.saleId, { reason: 'mistake' });
    expect(result.ok || result.error.code).toBe('not_voidable');
    expect(snapshot(store)).toEqual(before);
    store.close();
  });

  it('refuses bad input naming the field, and writes nothing', () => {
    const store = freshStore();
    const sale = sell(store, NOW);
    const before = snapshot(store);
    const receipt = String(sale.receiptNumber);
    const field = (input: unknown, idOrReceipt = receipt) => {
      const result = store.voidSale(idOrReceipt, input);
      return result.ok ? null : [result.error.code, result.error.fields];
    };
    expect(field({})).toEqual([
      'invalid_input',
      [
        {
          path: '/reason',
          message: 'must say why the sale is voided',
          say: { key: 'field.void.reason' },
        },
      ],
    ]);
    expect(field({ reason: '   ' })).toEqual([
      'invalid_input',
      [
        {
          path: '/reason',
          message: 'must say why the sale is voided',
          say: { key: 'field.void.reason' },
        },
      ],
    ]);
    expect(field({ reason: 'x'.repeat(201) })?.[1]).toEqual([
      {
        path: '/reason',
        message: 'must be at most 200 characters',
        say: { key: 'field.atMostCharacters', values: { max: 200 } },
      },
    ]);
    expect(field({ reason: 'ok', amount: 3 })?.[1]).toEqual([
      { path: '/amount', message: 'is not a known field', say: { key: 'field.notAKnownField' } },
    ]);
    expect(field({ reason: 'ok' }, '999')).toEqual([
      'not_found',
      [
        {
          path: '/receipt',
          message: 'is not a sale on this till',
          say: { key: 'field.notASaleHere' },
        },
      ],
    ]);
    expect(field({ reason: 'ok' }, 'no-such-sale')?.[0]).toBe('not_found');
    expect(snapshot(store)).toEqual(before);
    store.close();
  });

  it('leaves a closed shift Z report as it was: the open shift gets a correction naming the sale', () => {
    const store = freshStore();
    store.shifts.open({ floatMinor: 1_000 }, act());
    const late = sell(store, NOW + 1, { tenderedMinor: 500 }); // 4.50 cash, change 0.50
    const closed = store.shifts.close({ count: { countedMinor: 1_450 } }, act(NOW + 2));
    if (!closed.ok) throw new Error(closed.error.message);
    expect(closed.value.voids).toEqual({ count: 0, totalMinor: 0 });
    store.shifts.open({ floatMinor: 1_450 }, act(NOW + 3));
    const voided = store.voidSale(
      late.saleId,
      { reason: 'card payment, rung up as cash' },
      { now: NOW + 4 },
    );
    expect(voided).toMatchObject({ ok: true, value: { corrected: true, cashMinor: 450 } });
    expect(store.shifts.zReport(1)).toEqual({ ok: true, value: closed.value });
    expect(store.shifts.xReport(NOW + 5)).toMatchObject({
      ok: true,
      value: {
        correctionsMinor: -450,
        expectedMinor: 1_000,
        voids: { count: 0, totalMinor: 0 },
        drawerEntries: [
          {
            kind: 'correction',
            amountMinor: -450,
            correctsReceipt: late.receiptNumber,
            reason: `Sale #${late.receiptNumber} voided after its shift closed: card payment, rung up as cash`,
          },
        ],
      },
    });
    store.close();
  });
});
