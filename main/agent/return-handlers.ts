// Returns at the till: finding the sale (by receipt number, scanned code or a search, the
// archives included), recording the return under the desk's rules (a manager's PIN where
// the till has cashiers), and its refund receipt. Its delivery is the platform's v1: sent
// nowhere (main/sync/return-delivery.ts).
import { fail, ok } from '../../domain/result.js';
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
  fail({ code: 'not_found', message: `There is no return R${returnNumber} on this till.` });

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
