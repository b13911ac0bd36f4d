// How a customer pays. The methods a till takes are a setting (the platform does not
// document its mobile wallet's spelling); cash is the one rule of its own: only its money
// goes into the drawer, so only a cash sale has an amount tendered and change.
import type { FieldError } from './result.js';
import { said } from './i18n/said.js';

/** The payment method whose money goes into the till's drawer. */
export const CASH_METHOD = 'CASH';

/** What a new till takes until its settings say otherwise. */
export const DEFAULT_PAYMENT_METHODS = [CASH_METHOD, 'MOBILE_MONEY'];

/** Why a till that takes `taken` cannot record a sale paid by `method`; undefined when it can. */
export function untakenMethod(taken: readonly string[], method: string): FieldError | undefined {
  if (taken.includes(method)) return undefined;
  return {
    path: '/paymentMethod',
    ...said('field.sale.oneOfMethods', { methods: taken.join(', ') }),
  };
}
