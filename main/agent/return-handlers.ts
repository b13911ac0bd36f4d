// Returns at the till: finding the sale (by receipt number, scanned code or a search, the
// archives included), recording the return under the desk's rules (a manager's PIN where
// the till has cashiers), and its refund receipt. Its delivery is the platform's v1: sent
// nowhere (main/sync/return-delivery.ts).
import { fail, ok } from '../../domain/result.js';
import { said } from '../../domain/i18n/said.js';
import { v1ReturnDelivery } from '../sync/return-delivery.js';
import type { Actor, Desk } from '../trading/desk.js';
import type { Handlers } from './handlers.js';
import type { Runtime } from './runtime.js';

type ReturnMethod =
  | 'findSaleForReturn'
  | 'searchSalesForReturn'
  | 'recordReturn'
  | 'getRefundReceipt'
  | 'listReturns';

const noReturn = (returnNumber: number) =>
  // A string: the number is the return's name, never grouped as "R1.234".
  fail({
    code: 'not_found',
    ...said('errors.return.none', { returnNumber: String(returnNumber) }),
  });

export function returnHandlers(
  runtime: Runtime,
  desk: Desk,
  session: Actor,
): Handlers<ReturnMethod> {
  const store = () => runtime.store;
  return {
    findSaleForReturn: ({ receipt }) => store().findSaleForReturn(receipt),
    searchSalesForReturn: (input) => store().searchSalesForReturn(input),
    recordReturn({ receipt, approval, ...input }) {
      const recorded = desk.recordReturn(
        receipt,
        input,
        { signedIn: session.signedIn, approval },
        v1ReturnDelivery,
      );
      if (!recorded.ok) return recorded;
      // The day's figures and the drawer changed: every screen hears of it.
      runtime.shiftChanged();
      runtime.saleChanged(recorded.value.saleId);
      const receiptOf = store().getRefundReceipt(recorded.value.returnNumber);
      return receiptOf ? ok(receiptOf) : noReturn(recorded.value.returnNumber);
    },
    getRefundReceipt({ returnNumber }) {
      const receiptOf = store().getRefundReceipt(returnNumber);
      return receiptOf ? ok(receiptOf) : noReturn(returnNumber);
    },
    listReturns: (filter) => ok(store().listReturns(filter)),
  };
}
