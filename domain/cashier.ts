// Cashiers: who is at the till, and what only a manager may do. A till with no cashiers set
// up works with one anonymous cashier and asks nobody for a PIN.
import { z } from 'zod';
import { fieldSays } from './i18n/said.js';

export const CASHIER_ROLES = ['cashier', 'manager'] as const;
export type CashierRole = (typeof CASHIER_ROLES)[number];

/** Wrong PINs in a row before a cashier is locked, and for how long. */
export const PIN_ATTEMPTS = 5;
export const PIN_LOCK_MS = 60_000;

export const pinSchema = z
  .string({ error: fieldSays('field.mustBePin') })
  .regex(/^\d{4,8}$/, fieldSays('field.pinDigits'));

const MAX_CASHIER_NAME = 40;

export const cashierName = z
  .string({ error: fieldSays('field.mustBeName') })
  .trim()
  .min(1, fieldSays('field.mustNotBeEmpty'))
  .max(MAX_CASHIER_NAME, fieldSays('field.atMostCharacters', { max: MAX_CASHIER_NAME }));

export const newCashierInput = z.strictObject({
  name: cashierName,
  pin: pinSchema,
  role: z.enum(CASHIER_ROLES, { error: fieldSays('field.cashierOrManager') }).default('cashier'),
});
export type NewCashierInput = z.infer<typeof newCashierInput>;

export const cashierView = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(CASHIER_ROLES),
  createdAt: z.number(),
});
export type CashierView = z.infer<typeof cashierView>;

/** A cashier's PIN given on the spot: to sign in, or a manager's to allow one action. */
export const pinEntry = z.strictObject({ cashierId: z.string().min(1), pin: pinSchema });
export type PinEntry = z.infer<typeof pinEntry>;

/** What only a manager may do, when the till has cashiers. */
export const MANAGER_ACTIONS = {
  no_sale: 'open the drawer without a sale',
  cash_out: 'take cash out above the limit',
  close_shift: 'close the shift',
  manage_cashiers: 'add or remove cashiers',
  void_sale: 'void a sale',
  discount: 'give a discount above the limit',
  return_sale: 'make a return',
} as const;
export type ManagerAction = keyof typeof MANAGER_ACTIONS;

/** The manager action a drawer entry needs, if any: "no sale" always, cash out above the limit. */
export function managerActionForEntry(
  kind: string,
  amountMinor: number,
  managerCashOutAboveMinor: number,
): ManagerAction | null {
  if (kind === 'no_sale') return 'no_sale';
  if ((kind === 'cash_out' || kind === 'safe_drop') && amountMinor > managerCashOutAboveMinor)
    return 'cash_out';
  return null;
}
