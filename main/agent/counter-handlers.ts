// The counter's methods: the open and held carts, charging, finding products and
// customers, receipts and the day's totals.
import { cartLocale, saleFromCart, type CounterState } from '../../domain/cart.js';
import { chargeProblem } from '../../domain/cart-charged.js';
import { currencyDecimals, QUANTITY_DECIMALS } from '../../domain/money.js';
import { newSale } from '../../domain/new-sale.js';
import { CASH_METHOD } from '../../domain/payment-methods.js';
import { fail, invalidFields, ok, type Result } from '../../domain/result.js';
import { said } from '../../domain/i18n/said.js';
import type { ReceiptView } from '../../domain/sale.js';
import { MAX_QUANTITY } from '../../domain/sale-input.js';
import { fieldErrorsFrom } from '../../db/field-errors.js';
import { tillTimeZone } from '../../db/till-time-zone.js';
import { dayOf } from '../../domain/time-zone.js';
import { formatMoney } from '../../domain/views/money-format.js';
import type { Logger } from '../log/log-port.js';
import type { Handlers } from './handlers.js';
import type { Runtime } from './runtime.js';
import type { Actor, Desk } from '../trading/desk.js';

/** The line rules the till checks as a cashier types (the agent checks them again). */
export const SALE_LIMITS = {
  maxQuantity: MAX_QUANTITY,
  quantityDecimals: QUANTITY_DECIMALS,
  cashMethod: CASH_METHOD,
};

type CounterMethod =
  | 'recordSale'
  | 'getCounter'
  | 'saveCart'
  | 'holdCart'
  | 'recallCart'
  | 'chargeCart'
  | 'searchProducts'
  | 'findProduct'
  | 'searchCustomers'
  | 'getReceipt'
  | 'getDayTotals';

export function counterHandlers(
  runtime: Runtime,
  desk: Desk,
  session: Actor,
  logger?: Logger,
): Handlers<CounterMethod> {
  // runtime.store, read at each call: a reload (a new platform) opens the store again.
  const store = () => runtime.store;

  function counter(): Result<CounterState> {
    const state = store().readCounter();
    for (const aside of state.setAside)
      logger?.warn({ file: aside.file }, `${aside.problem}; it was moved aside`);
    return ok(state);
  }

  function newestSaleId(): string | undefined {
    const page = store().listSales({ limit: 1 });
    return page.ok ? page.value.sales[0]?.saleId : undefined;
  }

  /** Read at the moment it is asked for, so it tells the sale's state as it is now. */
  function receiptOf(saleId: string | undefined) {
    const id = saleId ?? newestSaleId();
    const receipt = id === undefined ? undefined : store().getReceipt(id);
    if (receipt) return ok(receipt);
    return fail({
      code: 'not_found',
      ...(saleId ? said('errors.sale.none', { saleId }) : said('errors.sale.noneToPrint')),
    });
  }

  /** A sale just written: the engine sends it soon; its receipt is the answer. */
  function queued(receipt: Result<ReceiptView>) {
    if (receipt.ok) runtime.saleQueued(receipt.value.saleId);
    return receipt;
  }

  return {
    recordSale({ sale, approval }) {
      const by = desk.saleActors(sale, { signedIn: session.signedIn, approval });
      const printing = runtime.printing.salePrinting();
      return by.ok ? queued(store().recordSale(sale, { ...by.value, printing })) : by;
    },
    getCounter: counter,
    saveCart({ cart }) {
      const savedAt = Date.now();
      store().saveCart(cart, savedAt);
      return ok({ savedAt });
    },
    holdCart({ cart, note }) {
      const held = store().holdCart(cart, note);
      return held.ok ? counter() : held;
    },
    recallCart({ cartId, cart }) {
      const recalled = store().recallCart(cartId, cart);
      return recalled.ok ? counter() : recalled;
    },
    chargeCart({ cart, approval }) {
      const { currency } = store().settings.read();
      const decimals = currencyDecimals(currency);
      const problem = chargeProblem(cart, currency, (minor) =>
        formatMoney(minor, currency, decimals, 'symbol', cartLocale(cart)),
      );
      if (problem) return fail({ code: 'invalid_input', message: problem });
      // The cart becomes a new sale here, checked and priced once like any other.
      const sale = newSale.safeParse(saleFromCart(cart, currency));
      if (!sale.success)
        return fail(invalidFields(said('errors.sale.notValid'), fieldErrorsFrom(sale.error)));
      const by = desk.saleActors(sale.data, { signedIn: session.signedIn, approval });
      const printing = runtime.printing.salePrinting();
      return by.ok ? queued(store().chargeCart(sale.data, Date.now(), by.value, printing)) : by;
    },
    searchProducts: ({ query, limit }) => ok(store().searchProducts(query, limit)),
    findProduct({ code }) {
      const exact = store().findProduct(code);
      if (exact || code.trim() === '') return ok(exact ?? null);
      return ok(store().searchProducts(code, 1)[0] ?? null);
    },
    searchCustomers: ({ query, limit }) => ok(store().searchCustomers(query, limit)),
    getReceipt: ({ saleId }) => receiptOf(saleId),
    getDayTotals({ date }) {
      const day = date ?? dayOf(Date.now(), tillTimeZone(store().settings.read()));
      const totals = store().dayTotals(day);
      return totals
        ? ok(totals)
        : fail(
            invalidFields(said('errors.day.notValid'), [
              { path: '/date', ...said('errors.day.notLikeExample', { day }) },
            ]),
          );
    },
  };
}
