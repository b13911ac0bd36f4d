// The counter's methods: recording a sale, finding products and customers, receipts and
// the day's totals.
import { CASH_METHOD } from '../../db/cash.js';
import { QUANTITY_DECIMALS } from '../../domain/money.js';
import { fail, invalidFields, ok } from '../../domain/result.js';
import { MAX_QUANTITY } from '../../domain/sale-input.js';
import { dayOf } from '../contract/day-view.js';
import type { Handlers } from './handlers.js';
import type { Runtime } from './runtime.js';

/** The line rules the till checks as a cashier types (the agent checks them again). */
export const SALE_LIMITS = {
  maxQuantity: MAX_QUANTITY,
  quantityDecimals: QUANTITY_DECIMALS,
  cashMethod: CASH_METHOD,
};

type CounterMethod =
  | 'recordSale'
  | 'searchProducts'
  | 'findProduct'
  | 'searchCustomers'
  | 'getReceipt'
  | 'getDayTotals';

export function counterHandlers(runtime: Runtime): Handlers<CounterMethod> {
  // runtime.store, read at each call: a reload (a new platform) opens the store again.
  const store = () => runtime.store;
  return {
    recordSale(input) {
      const result = store().recordSale(input);
      if (result.ok) runtime.saleQueued(result.value.id);
      return result;
    },
    searchProducts: ({ query, limit }) => ok(store().searchProducts(query, limit)),
    findProduct({ code }) {
      const exact = store().findProduct(code);
      if (exact || code.trim() === '') return ok(exact ?? null);
      return ok(store().searchProducts(code, 1)[0] ?? null);
    },
    searchCustomers: ({ query, limit }) => ok(store().searchCustomers(query, limit)),
    getReceipt({ saleId }) {
      const receipt = store().getReceipt(saleId);
      return receipt
        ? ok(receipt)
        : fail({ code: 'not_found', message: `There is no sale ${saleId}.` });
    },
    getDayTotals({ date }) {
      const day = date ?? dayOf(Date.now());
      const totals = store().dayTotals(day);
      return totals
        ? ok(totals)
        : fail(
            invalidFields('The day is not valid', [
              { path: '/date', message: `${day} is not a day like 2026-11-21` },
            ]),
          );
    },
  };
}
