// The trading day's rules, in one place for the till's screens (through the agent) and the
// CLI: who is acting, what needs a manager's PIN, and the store's shift and drawer writes.
// With no cashiers set up, everyone is the anonymous cashier and nothing asks for a PIN.
import {
  managerActionForEntry,
  pinEntry,
  type CashierView,
  type ManagerAction,
  type PinEntry,
} from '../../domain/cashier.js';
import { chargeSale, discountNeedsManager } from '../../domain/charged-sale.js';
import { currencyDecimals } from '../../domain/money.js';
import type { NewSale } from '../../domain/new-sale.js';
import { fail, ok, type Result } from '../../domain/result.js';
import { said } from '../../domain/i18n/said.js';
import { drawerEntryInput } from '../../domain/shift.js';
import type { Store } from '../../db/store.js';
import { NO_SALE_PRINTING, type SalePrinting } from '../../domain/print-jobs.js';
import type { ReturnDelivery } from '../sync/return-delivery.js';

/** Who asks: the cashier signed in (null: nobody, or no cashiers set up) and a manager's PIN given on the spot. */
export interface Actor {
  signedIn: CashierView | null;
  approval?: PinEntry;
}

export function createDesk(
  store: () => Store,
  now: () => number = Date.now,
  /** What the till's own printer does (nothing without one): read at each act. */
  printing: () => SalePrinting = () => NO_SALE_PRINTING,
) {
  const cashiers = () => store().cashiers;

  /** The cashier to record: the one signed in; refused when the till has cashiers and nobody is. */
  function actingCashier(actor: Actor): Result<string | null> {
    if (!cashiers().hasCashiers()) return ok(null);
    if (actor.signedIn && cashiers().get(actor.signedIn.id)) return ok(actor.signedIn.id);
    return fail({ code: 'sign_in_required', ...said('errors.desk.signInRequired') });
  }

  /** Allowed when no cashiers are set up, the one signed in is a manager, or a manager's PIN came with the ask. */
  function allow(action: ManagerAction | null, actor: Actor): Result<string | null> {
    const by = allowedBy(action, actor);
    return by.ok ? ok(by.value.cashierId) : by;
  }

  /** As allow, with the manager who allowed it (null: no cashiers, or none was needed). */
  function allowedBy(
    action: ManagerAction | null,
    actor: Actor,
  ): Result<{ cashierId: string | null; approvedBy: string | null }> {
    if (!cashiers().hasCashiers()) return ok({ cashierId: null, approvedBy: null });
    // A PIN given is always checked: a wrong one is refused even where none was needed.
    if (actor.approval) {
      const approval = pinEntry.safeParse(actor.approval);
      if (!approval.success)
        return fail({ code: 'wrong_pin', ...said('errors.desk.managerPinDigits') });
      const approver = action
        ? cashiers().checkManager(approval.data, action, now())
        : cashiers().checkPin(approval.data, now());
      if (!approver.ok) return approver;
      return ok({
        cashierId: actor.signedIn?.id ?? approver.value.id,
        approvedBy: approver.value.id,
      });
    }
    if (action === null || actor.signedIn?.role === 'manager') {
      const acting = actingCashier(actor);
      if (!acting.ok) return acting;
      return ok({ cashierId: acting.value, approvedBy: action === null ? null : acting.value });
    }
    return fail({
      code: 'manager_required',
      ...said('errors.desk.managerRequired', { action }),
    });
  }

  const act = (cashierId: string | null) => ({ cashierId, now: now() });

  /**
   * The manager who approves a sale's discounts when they are above the limit
   * (domain/charged-sale.ts): a manager's PIN given, or a manager signed in. Null when no
   * approval is needed, or the till has no cashiers.
   */
  function discountApproval(sale: NewSale, actor: Actor): Result<string | null> {
    if (!cashiers().hasCashiers()) return ok(null);
    const settings = store().settings.read();
    const charged = chargeSale(sale, currencyDecimals(settings.currency));
    // A discount too large is refused by the store, naming the field: nobody to ask first.
    if (!charged.ok || !discountNeedsManager(charged.value, settings.managerDiscountAbovePercent))
      return ok(null);
    if (!actor.approval && actor.signedIn?.role === 'manager') return ok(actor.signedIn.id);
    const by = allow('discount', actor);
    return by.ok ? ok(actor.approval!.cashierId) : by;
  }

  /** Who rings the sale up (signed in where the till has cashiers), and who approved its discounts. */
  function saleActors(
    sale: NewSale,
    actor: Actor,
  ): Result<{ cashierId: string | null; discountApprovedBy: string | null }> {
    const by = actingCashier(actor);
    if (!by.ok) return by;
    const approvedBy = discountApproval(sale, actor);
    return approvedBy.ok
      ? ok({ cashierId: by.value, discountApprovedBy: approvedBy.value })
      : approvedBy;
  }

  return {
    actingCashier,
    discountApproval,
    saleActors,
    openShift(input: unknown, actor: Actor) {
      const by = actingCashier(actor);
      return by.ok ? store().shifts.open(input, act(by.value)) : by;
    },
    addDrawerEntry(input: unknown, actor: Actor) {
      const parsed = drawerEntryInput.safeParse(input);
      const action = parsed.success
        ? managerActionForEntry(
            parsed.data.kind,
            parsed.data.amountMinor,
            store().settings.read().managerCashOutAboveMinor,
          )
        : null;
      const by = allow(action, actor);
      return by.ok ? store().shifts.addEntry(input, act(by.value), printing().drawer) : by;
    },
    closeShift(input: unknown, actor: Actor) {
      const by = allow('close_shift', actor);
      return by.ok ? store().shifts.close(input, act(by.value)) : by;
    },
    addCashier(input: unknown, actor: Actor) {
      const by = allow('manage_cashiers', actor);
      return by.ok ? cashiers().add(input, now()) : by;
    },
    removeCashier(cashierId: string, actor: Actor) {
      const by = allow('manage_cashiers', actor);
      return by.ok ? cashiers().remove(cashierId, now()) : by;
    },
    /** A void takes money back: a manager does it, or approves it. */
    voidSale(idOrReceipt: string, input: unknown, actor: Actor) {
      const by = allow('void_sale', actor);
      return by.ok ? store().voidSale(idOrReceipt, input, act(by.value)) : by;
    },
    /** A return gives money back: a manager makes it, or approves it (who is recorded). */
    recordReturn(receipt: string, input: unknown, actor: Actor, delivery: ReturnDelivery) {
      const by = allowedBy('return_sale', actor);
      if (!by.ok) return by;
      return store().recordReturn(receipt, input, {
        ...act(by.value.cashierId),
        approvedBy: by.value.approvedBy,
        deliver: delivery.deliver,
        printing: printing(),
      });
    },
    signIn(entry: PinEntry) {
      return cashiers().checkPin(entry, now());
    },
  };
}

export type Desk = ReturnType<typeof createDesk>;
