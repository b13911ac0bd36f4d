// Property: over random trading days (sales of every method with cash handed over and
// change, refused, retried, edited, discarded, voided, synced, returned in cash or by the
// sale's method; drawer entries of every kind; shifts
// opened by hand and by a sale; closes with counts), each shift's expected cash is the float
// plus the cash its sales took minus change, plus cash in, minus cash out and safe drops,
// plus corrections, minus cash refunds, to the minor unit; and the days' figures add up to the shifts'. The
// figures are kept apart from the store, from what the test did.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDay } from '../helpers/days.js';
import { openStore, type Store } from '../../db/store.js';
import type { Amount } from '../../domain/sale.js';
import { localDayOf as dayOf } from '../helpers/days.js';
import { v1ReturnDelivery } from '../../main/sync/return-delivery.js';
import { checked, corrected } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';
import { cashOf, expectedOf, modelTill, type ModelSale } from '../helpers/drawer-model.js';

const METHODS = ['CASH', 'MOBILE_MONEY', 'CARD'] as const;
const START = localDay('2026-11-20')!.from + 6 * 3_600_000;
const NOTE_ABOVE = 500;

const step = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('sell' as const),
      method: fc.constantFrom(...METHODS),
      cents: fc.integer({ min: 1, max: 50_000 }),
      extraCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'refuse',
        'refuse',
        'retry',
        'discard',
        'discard',
        'edit',
        'sync',
        'void',
        'void',
        'return',
      ),
      pick: fc.nat(),
      /** Mostly a sale the action is for; sometimes any sale, which it must refuse. */
      stray: fc.nat(9).map((n) => n < 2),
      /** For a return: the money back in cash, or by the sale's own method. */
      cash: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('entry' as const),
      entry: fc.constantFrom('cash_in', 'cash_out', 'safe_drop', 'no_sale'),
      amountMinor: fc.integer({ min: 1, max: 20_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('open' as const), floatMinor: fc.nat(30_000) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      /** Counted minus expected: over, short or right. */
      offBy: fc.oneof(fc.constant(0), fc.integer({ min: -2_000, max: 2_000 })),
      note: fc.oneof(fc.constant(true), fc.boolean()),
    }),
  },
);
/** Each step happens this long after the one before: minutes, or hours (a night). */
const gap = fc.oneof(
  fc.integer({ min: 0, max: 600_000 }),
  fc.integer({ min: 0, max: 14 * 3_600_000 }),
);

type Till = ReturnType<typeof modelTill>;
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** The sale an action is for: one in the state it acts on, or (stray) any. */
function pickFor(till: Till, action: { kind: string; pick: number; stray: boolean }) {
  const wanted = ['refuse', 'sync', 'void'].includes(action.kind) ? 'pending' : 'refused';
  const eligible = till.sales.filter(
    (sale) => action.stray || action.kind === 'return' || sale.state === wanted,
  );
  return eligible[action.pick % Math.max(1, eligible.length)];
}

function run(store: Store, till: Till, action: Step, now: number) {
  const act = { cashierId: null, now };
  const sqlite = store.database.sqlite;
  const sale = 'pick' in action ? pickFor(till, action) : undefined;
  switch (action.kind) {
    case 'sell': {
      const cash = action.method === 'CASH';
      const tenderedMinor =
        cash && action.extraCents !== null ? action.cents + action.extraCents : undefined;
      const result = store.recordSale(
        checked({
          items: [{ productId: 'prod_a', quantity: 1, unitPriceMinor: action.cents }],
          paymentMethod: action.method,
          ...(tenderedMinor === undefined ? {} : { tenderedMinor }),
        }),
        { now },
      );
      if (!result.ok) throw new Error(result.error.message);
      const handedOver = tenderedMinor ?? action.cents;
      const change = handedOver - action.cents;
      expect(result.value).toMatchObject({ tenderedMinor: cash ? handedOver : null });
      const shift = till.currentOrOpen();
      const made: ModelSale = {
        id: result.value.saleId,
        method: action.method,
        totalMinor: action.cents,
        drawerMinor: cash ? handedOver - change : 0,
        state: 'pending',
        sent: false,
        shift,
        day: dayOf(now),
      };
      shift.sales.push(made);
      till.sales.push(made);
      return;
    }
    case 'refuse':
    case 'sync':
      // What the sync engine does with a 422, or with the platform's yes.
      if (sale?.state !== 'pending') return;
      sale.state = action.kind === 'refuse' ? 'refused' : 'synced';
      sale.sent = true;
      sqlite.prepare('update outbox set state = ? where sale_id = ?').run(sale.state, sale.id);
      sqlite
        .prepare(
          `insert into sync_attempts (sale_id, revision, idempotency_key, started_at, duration_ms, outcome)
           select sale_id, revision, idempotency_key, ?, 20, ? from outbox where sale_id = ?`,
        )
        .run(now, sale.state, sale.id);
      return;
    case 'return': {
      if (!sale || !('cash' in action)) return;
      const receipt = store.getSale(sale.id)!.receiptNumber;
      const result = store.recordReturn(
        String(receipt),
        { reason: 'brought back', refund: action.cash ? 'cash' : 'original' },
        { ...act, approvedBy: null, deliver: v1ReturnDelivery.deliver },
      );
      expect(result.ok).toBe(
        sale.state !== 'discarded' && sale.state !== 'voided' && !sale.returned,
      );
      if (!result.ok) return;
      expect(result.value.totalMinor).toBe(sale.totalMinor);
      sale.returned = true;
      const shift = till.currentOrOpen();
      shift.returns += 1;
      if (action.cash || sale.method === 'CASH') shift.cashRefundsMinor += sale.totalMinor;
      return;
    }
    case 'void': {
      if (!sale) return;
      const result = store.voidSale(sale.id, { reason: 'rung up by mistake' }, act);
      expect(result.ok).toBe(sale.state === 'pending' && !sale.sent && !sale.returned);
      if (!result.ok) return;
      sale.state = 'voided';
      sale.voidedAfterClose = sale.shift.z !== null;
      // Its shift closed with its cash counted: the open shift takes it back.
      if (sale.shift.z !== null && sale.drawerMinor !== 0)
        till.currentOrOpen().correctionsMinor -= sale.drawerMinor;
      return;
    }
    case 'retry': {
      if (!sale) return;
      const result = store.retryRefused(sale.id, now);
      expect(result.ok).toBe(sale.state === 'refused');
      if (result.ok) sale.state = 'pending';
      return;
    }
    case 'edit': {
      if (!sale) return;
      // The money stays; a card sale may become mobile money, and back.
      const method =
        sale.method === 'CARD' ? 'MOBILE_MONEY' : sale.method === 'MOBILE_MONEY' ? 'CARD' : 'CASH';
      const result = store.editRefused(
        sale.id,
        corrected({
          items: [{ productId: 'prod_b', quantity: 1, unitPriceMinor: sale.totalMinor }],
          paymentMethod: method,
        }),
        { now },
      );
      expect(result.ok).toBe(sale.state === 'refused');
      if (result.ok) Object.assign(sale, { state: 'pending', method });
      return;
    }
    case 'discard': {
      if (!sale) return;
      const result = store.discardRefused(sale.id, { reason: 'rung up twice' }, now);
      expect(result.ok).toBe(sale.state === 'refused');
      if (!result.ok) return;
      sale.state = 'discarded';
      // Its shift closed with its cash counted: the open shift takes it back.
      if (sale.shift.z !== null && sale.drawerMinor !== 0)
        till.currentOrOpen().correctionsMinor -= sale.drawerMinor;
      return;
    }
    case 'entry': {
      const amountMinor = action.entry === 'no_sale' ? 0 : action.amountMinor;
      const result = store.shifts.addEntry(
        { kind: action.entry, amountMinor, reason: `a ${action.entry}` },
        act,
      );
      expect(result.ok).toBe(true);
      const shift = till.currentOrOpen();
      if (action.entry === 'cash_in') shift.cashInMinor += amountMinor;
      if (action.entry === 'cash_out' || action.entry === 'safe_drop')
        shift.cashOutMinor += amountMinor;
      return;
    }
    case 'open': {
      const result = store.shifts.open({ floatMinor: action.floatMinor }, act);
      const open = till.current();
      if (open?.floatCounted)
        return expect(result).toMatchObject({ error: { code: 'shift_open' } });
      expect(result.ok).toBe(true);
      const shift = till.currentOrOpen();
      shift.floatMinor = action.floatMinor;
      shift.floatCounted = true;
      return;
    }
    case 'close': {
      const open = till.current();
      const expected = open ? expectedOf(open) : 0;
      const countedMinor = Math.max(0, expected + action.offBy);
      const note = action.note ? 'counted twice' : '';
      const result = store.shifts.close({ count: { countedMinor }, note }, act);
      if (!open) return expect(result).toMatchObject({ error: { code: 'no_shift' } });
      const needsNote = Math.abs(countedMinor - expected) > NOTE_ABOVE;
      if (needsNote && !action.note) {
        expect(result).toMatchObject({ error: { fields: [{ path: '/note' }] } });
        return;
      }
      if (!result.ok) throw new Error(result.error.message);
      expect(result.value).toMatchObject({
        number: till.shifts.filter((shift) => shift.z !== null).length + 1,
        floatMinor: open.floatMinor,
        floatCounted: open.floatCounted,
        cashSalesMinor: cashOf(open),
        cashInMinor: open.cashInMinor,
        cashOutMinor: open.cashOutMinor,
        correctionsMinor: open.correctionsMinor,
        returns: { count: open.returns },
        cashRefundsMinor: open.cashRefundsMinor,
        expectedMinor: expected,
        countedMinor,
        differenceMinor: countedMinor - expected,
      });
      open.z = result.value;
      return;
    }
  }
}

/** Every shift's figures, and the days' sums against the shifts' sums. */
function expectTill(store: Store, till: Till, now: number) {
  const open = till.current();
  const x = store.shifts.xReport(now);
  if (!open) expect(x.ok).toBe(false);
  else if (!x.ok) throw new Error(x.error.message);
  else
    expect(x.value).toMatchObject({
      floatMinor: open.floatMinor,
      cashSalesMinor: cashOf(open),
      correctionsMinor: open.correctionsMinor,
      cashRefundsMinor: open.cashRefundsMinor,
      expectedMinor: expectedOf(open),
    });
  const zs = store.shifts.zReports();
  expect(zs.map((z) => z.number)).toEqual(
    till.shifts.flatMap((shift) => (shift.z ? [shift.z.number] : [])).reverse(),
  );
  for (const shift of till.shifts)
    if (shift.z)
      expect(store.shifts.zReport(shift.z.number!)).toEqual({ ok: true, value: shift.z });

  const reports = [...zs, ...(x.ok ? [x.value] : [])];
  const days = [...new Set(till.sales.map((sale) => sale.day))].map((day) => store.dayTotals(day)!);
  const sum = <T>(items: T[], of: (item: T) => number) =>
    items.reduce((total, item) => total + of(item), 0);
  // The cash of the days is the cash of the shifts, with what corrections and cash
  // refunds took back; every return is in one day and one shift.
  const returnDays = [
    ...new Set(store.listReturns({ limit: 1000 }).map((ret) => dayOf(ret.createdAt))),
  ].filter((day) => !days.some((one) => one.date === day));
  const allDays = [...days, ...returnDays.map((day) => store.dayTotals(day)!)];
  expect(sum(allDays, (day) => day.cashExpectedMinor)).toBe(
    sum(
      reports,
      (report) => report.cashSalesMinor + report.correctionsMinor - (report.cashRefundsMinor ?? 0),
    ),
  );
  expect(sum(allDays, (day) => day.returns.count)).toBe(sum(till.shifts, (shift) => shift.returns));
  // Every sale rung up is in one day and in one shift.
  const taken = (one: { discarded: Amount; voids?: Amount }, of: keyof Amount) =>
    one.discarded[of] + (one.voids?.[of] ?? 0);
  expect(sum(days, (day) => day.sales.count + taken(day, 'count'))).toBe(till.sales.length);
  expect(sum(reports, (report) => report.sales.count + taken(report, 'count'))).toBe(
    till.sales.length,
  );
  expect(sum(days, (day) => day.sales.totalMinor + taken(day, 'totalMinor'))).toBe(
    sum(reports, (report) => report.sales.totalMinor + taken(report, 'totalMinor')),
  );
  // The days count every void; the shifts those made while their shift was open (a Z
  // report stays as it was made).
  const voided = till.sales.filter((sale) => sale.state === 'voided');
  expect(sum(days, (day) => day.voids.count)).toBe(voided.length);
  expect(sum(reports, (report) => report.voids?.count ?? 0)).toBe(
    voided.filter((sale) => !sale.voidedAfterClose).length,
  );
}

describe('the cash expected in a shift', () => {
  it('is float + cash taken − change + cash in − cash out − safe drops + corrections − cash refunds, and the days add up to the shifts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(gap, step), { minLength: 1, maxLength: 40, size: 'max' }),
        (steps) => {
          const store = openStore(join(tempDir(), 'tillsync.db'));
          try {
            store.settings.update({
              paymentMethods: [...METHODS],
              closeNoteAboveMinor: NOTE_ABOVE,
            });
            const till = modelTill();
            let now = START;
            for (const [wait, action] of steps) {
              now += wait;
              run(store, till, action, now);
              // Checked where the figures move between shifts, and at the end of the day.
              if (action.kind === 'close' || action.kind === 'discard')
                expectTill(store, till, now);
            }
            expectTill(store, till, now);
          } finally {
            store.close();
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
