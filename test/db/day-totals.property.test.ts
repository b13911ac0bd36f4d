// Property: a day's totals are the sum of that day's sales, whatever their payment
// methods, states (voided and discarded counted apart) and times (around midnight included), and a day's sales are counted
// in that day only; the returns made that day are counted apart, their cash refunds out of
// the drawer's cash.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDay } from '../helpers/days.js';
import { localDayOf as dayOf } from '../helpers/days.js';
import { openStore } from '../../db/store.js';
import { checked } from '../helpers/sales.js';
import { v1ReturnDelivery } from '../../main/sync/return-delivery.js';
import { tempDir } from '../helpers/temp-dir.js';

const STATES = ['pending', 'sending', 'synced', 'refused', 'discarded', 'voided'] as const;
const DAYS = ['2026-11-20', '2026-11-21', '2026-11-22'];

const saleArb = fc.record({
  day: fc.constantFrom(...DAYS),
  /** Milliseconds into the day, with the edges (midnight, a moment before the next) likely. */
  at: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 86_399_999 }), fc.constant(86_399_999)),
  method: fc.constantFrom('CASH', 'MOBILE_MONEY', 'CARD'),
  cents: fc.integer({ min: 0, max: 100_000 }),
  quantity: fc.constantFrom(1, 2, 0.5, 1.25),
  state: fc.constantFrom(...STATES),
  /** Brought back in full on a day of the three, in cash or by the sale's own method. */
  returned: fc.option(
    fc.record({
      day: fc.constantFrom(...DAYS),
      at: fc.integer({ min: 0, max: 86_399_999 }),
      cash: fc.boolean(),
    }),
  ),
});

describe('day totals', () => {
  it('equal the sum of the day sales, per method and per state', () => {
    fc.assert(
      fc.property(fc.array(saleArb, { maxLength: 40 }), (sales) => {
        const store = openStore(join(tempDir(), 'tillsync.db'));
        try {
          store.settings.update({ paymentMethods: ['CASH', 'MOBILE_MONEY', 'CARD'] });
          const recorded = sales.map((sale) => {
            const dayLength = localDay(sale.day)!.to - localDay(sale.day)!.from;
            const at = localDay(sale.day)!.from + Math.min(sale.at, dayLength - 1);
            const result = store.recordSale(
              checked({
                items: [
                  { productId: 'prod_a', quantity: sale.quantity, unitPriceMinor: sale.cents },
                ],
                paymentMethod: sale.method,
              }),
              { now: at },
            );
            if (!result.ok) throw new Error(result.error.message);
            store.database.sqlite
              .prepare('update outbox set state = ? where sale_id = ?')
              .run(sale.state, result.value.saleId);
            return {
              ...sale,
              day: dayOf(at),
              totalMinor: result.value.totalMinor,
              receipt: result.value.receiptNumber,
            };
          });
          // Returns: a voided or discarded sale takes none; the others come back in full.
          const returns = recorded.flatMap((sale) => {
            if (!sale.returned) return [];
            const { day, at: into, cash } = sale.returned;
            const range = localDay(day)!;
            const at = range.from + Math.min(into, range.to - range.from - 1);
            const made = store.recordReturn(
              String(sale.receipt),
              { reason: 'back', refund: cash ? 'cash' : 'original' },
              { cashierId: null, now: at, approvedBy: null, deliver: v1ReturnDelivery.deliver },
            );
            const counted = sale.state !== 'discarded' && sale.state !== 'voided';
            expect(made.ok).toBe(counted);
            if (!made.ok) return [];
            expect(made.value.totalMinor).toBe(sale.totalMinor);
            const inCash = cash || sale.method === 'CASH';
            return [{ day: dayOf(at), totalMinor: sale.totalMinor, inCash }];
          });
          for (const day of DAYS) {
            const totals = store.dayTotals(day)!;
            const of = (keep: (sale: (typeof recorded)[number]) => boolean) => {
              const chosen = recorded.filter((sale) => sale.day === day && keep(sale));
              return {
                count: chosen.length,
                totalMinor: chosen.reduce((sum, sale) => sum + sale.totalMinor, 0),
              };
            };
            const counted = (sale: (typeof recorded)[number]) =>
              sale.state !== 'discarded' && sale.state !== 'voided';
            expect(totals.sales).toEqual(of(counted));
            expect(totals.discarded).toEqual(of((sale) => sale.state === 'discarded'));
            expect(totals.voids).toEqual(of((sale) => sale.state === 'voided'));
            expect(totals.refused).toEqual(of((sale) => sale.state === 'refused'));
            expect(totals.waiting).toEqual(
              of((sale) => sale.state === 'pending' || sale.state === 'sending'),
            );
            const returnsOfDay = returns.filter((ret) => ret.day === day);
            const refunded = (list: typeof returns) =>
              list.reduce((sum, ret) => sum + ret.totalMinor, 0);
            expect(totals.returns).toEqual({
              count: returnsOfDay.length,
              totalMinor: refunded(returnsOfDay),
            });
            // Cash refunds come out of the drawer on the day they are made.
            expect(totals.cashExpectedMinor).toBe(
              of((sale) => counted(sale) && sale.method === 'CASH').totalMinor -
                refunded(returnsOfDay.filter((ret) => ret.inCash)),
            );
            for (const method of totals.byPaymentMethod) {
              expect(method).toEqual({
                paymentMethod: method.paymentMethod,
                ...of((sale) => counted(sale) && sale.method === method.paymentMethod),
              });
            }
            const methods = totals.byPaymentMethod.reduce((sum, m) => sum + m.totalMinor, 0);
            expect(methods).toBe(totals.sales.totalMinor);
          }
        } finally {
          store.close();
        }
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a day that does not exist', () => {
    const store = openStore(join(tempDir(), 'tillsync.db'));
    expect(store.dayTotals('2026-02-30')).toBeUndefined();
    expect(store.dayTotals('yesterday')).toBeUndefined();
    store.close();
  });
});
