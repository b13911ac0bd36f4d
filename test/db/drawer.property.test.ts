// Property: whatever happens to the day's sales after Charge (refused, edited, retried,
// discarded), the cash expected in the drawer is exactly the cash handed over minus the
// change, and the day's takings are what customers paid: an edit may fix what the platform
// refused, never the money. Checked after every step against a sum kept apart from the store.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDayOf as dayOf } from '../helpers/days.js';
import { openStore, type Store } from '../../db/store.js';
import { checked, corrected } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const METHODS = ['CASH', 'MOBILE_MONEY', 'CARD'] as const;

const step = fc.oneof(
  fc.record({
    kind: fc.constant('sell' as const),
    method: fc.constantFrom(...METHODS),
    cents: fc.integer({ min: 1, max: 50_000 }),
    /** Cash handed over beyond the total; null: the exact amount, not typed. */
    extraCents: fc.option(fc.integer({ min: 0, max: 10_000 })),
  }),
  fc.record({
    kind: fc.constantFrom('refuse' as const, 'retry' as const, 'discard' as const),
    pick: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('edit' as const),
    pick: fc.nat(),
    change: fc.constantFrom('product', 'price', 'method', 'toCash', 'fromCash'),
  }),
);

interface ModelSale {
  id: string;
  method: string;
  totalMinor: number;
  /** What the customer handed over minus the change given: the drawer's share. */
  drawerMinor: number;
  state: 'pending' | 'refused' | 'discarded';
}

function sell(
  store: Store,
  sales: ModelSale[],
  s: { method: string; cents: number; extraCents: number | null },
) {
  const cash = s.method === 'CASH';
  const tenderedMinor = cash && s.extraCents !== null ? s.cents + s.extraCents : undefined;
  const result = store.recordSale(
    checked({
      items: [{ productId: 'prod_a', quantity: 1, unitPriceMinor: s.cents }],
      paymentMethod: s.method,
      ...(tenderedMinor === undefined ? {} : { tenderedMinor }),
    }),
    { now: NOW },
  );
  if (!result.ok) throw new Error(result.error.message);
  const handedOver = tenderedMinor ?? s.cents;
  const change = handedOver - s.cents;
  // The receipt handed to the customer says the same, to the minor unit.
  expect(result.value).toMatchObject({
    totalMinor: s.cents,
    tenderedMinor: cash ? handedOver : null,
    changeMinor: cash ? change : null,
  });
  sales.push({
    id: result.value.saleId,
    method: s.method,
    totalMinor: s.cents,
    drawerMinor: cash ? handedOver - change : 0,
    state: 'pending',
  });
}

function edit(store: Store, sale: ModelSale, change: string) {
  const cash = sale.method === 'CASH';
  const method =
    change === 'toCash'
      ? 'CASH'
      : change === 'fromCash'
        ? 'CARD'
        : change === 'method'
          ? cash
            ? 'CASH'
            : sale.method === 'CARD'
              ? 'MOBILE_MONEY'
              : 'CARD'
          : sale.method;
  const cents = sale.totalMinor + (change === 'price' ? 1 : 0);
  const result = store.editRefused(
    sale.id,
    corrected({
      items: [
        {
          productId: change === 'product' ? 'prod_b' : 'prod_a',
          quantity: 1,
          unitPriceMinor: cents,
        },
      ],
      paymentMethod: method,
    }),
    { now: NOW },
  );
  const changesMoney = cents !== sale.totalMinor || cash !== (method === 'CASH');
  if (sale.state !== 'refused') return expect(result.ok).toBe(false);
  if (changesMoney) {
    expect(result.ok).toBe(false);
    const paths = !result.ok ? result.error.fields?.map((field) => field.path) : [];
    expect(paths).toContain(cents !== sale.totalMinor ? '/items' : '/paymentMethod');
    return;
  }
  expect(result.ok).toBe(true);
  sale.method = method;
  sale.state = 'pending';
}

function expectDay(store: Store, sales: ModelSale[]) {
  const totals = store.dayTotals(dayOf(NOW))!;
  const kept = sales.filter((sale) => sale.state !== 'discarded');
  expect(totals.cashExpectedMinor).toBe(kept.reduce((sum, sale) => sum + sale.drawerMinor, 0));
  expect(totals.sales.totalMinor).toBe(kept.reduce((sum, sale) => sum + sale.totalMinor, 0));
  const cashSales = kept.filter((sale) => sale.method === 'CASH');
  expect(totals.byPaymentMethod.find((m) => m.paymentMethod === 'CASH')?.totalMinor ?? 0).toBe(
    cashSales.reduce((sum, sale) => sum + sale.totalMinor, 0),
  );
}

describe('an edit of a refused sale', () => {
  it('refuses to change what a cash customer paid, and names the total and the method', () => {
    const store = openStore(join(tempDir(), 'tillsync.db'));
    store.settings.update({ paymentMethods: [...METHODS] });
    const sale = store.recordSale(
      checked({
        items: [{ productId: 'prod_a', quantity: 1, unitPriceMinor: 250 }],
        paymentMethod: 'CASH',
      }),
      { now: NOW },
    );
    if (!sale.ok) throw new Error(sale.error.message);
    store.database.sqlite
      .prepare(`update outbox set state = 'refused' where sale_id = ?`)
      .run(sale.value.saleId);
    const refused = store.editRefused(
      sale.value.saleId,
      corrected({
        items: [{ productId: 'prod_b', quantity: 1, unitPriceMinor: 400 }],
        paymentMethod: 'CARD',
      }),
    );
    expect(refused).toMatchObject({
      ok: false,
      error: {
        summary: 'The edit would change money already taken',
        fields: [
          {
            path: '/items',
            message:
              'the total must stay 2.50 USD, what the customer paid (this change makes it 4.00 USD). Fix only what the platform refused',
          },
          {
            path: '/paymentMethod',
            message: 'must stay CASH: the customer paid in cash, and the cash is in the drawer',
          },
        ],
      },
    });
    expect(store.getSale(sale.value.saleId)).toMatchObject({
      totalMinor: 250,
      paymentMethod: 'CASH',
    });
    expect(store.dayTotals(dayOf(NOW))!.cashExpectedMinor).toBe(250);
    store.close();
  });
});

describe('the cash expected in the drawer', () => {
  it('is the cash handed over minus the change, through sales, refusals, edits, retries and discards', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        const store = openStore(join(tempDir(), 'tillsync.db'));
        try {
          store.settings.update({ paymentMethods: [...METHODS] });
          const sales: ModelSale[] = [];
          for (const action of steps) {
            const sale =
              'pick' in action ? sales[action.pick % Math.max(1, sales.length)] : undefined;
            if (action.kind === 'sell') sell(store, sales, action);
            else if (!sale) continue;
            else if (action.kind === 'refuse' && sale.state === 'pending') {
              // What the sync engine does with a 422: the sale is parked as refused.
              store.database.sqlite
                .prepare(`update outbox set state = 'refused' where sale_id = ?`)
                .run(sale.id);
              sale.state = 'refused';
            } else if (action.kind === 'retry') {
              const result = store.retryRefused(sale.id, NOW);
              expect(result.ok).toBe(sale.state === 'refused');
              if (result.ok) sale.state = 'pending';
            } else if (action.kind === 'discard') {
              const result = store.discardRefused(sale.id, { reason: 'rung up twice' }, NOW);
              expect(result.ok).toBe(sale.state === 'refused');
              if (result.ok) sale.state = 'discarded';
            } else if (action.kind === 'edit') edit(store, sale, action.change);
            expectDay(store, sales);
          }
        } finally {
          store.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
