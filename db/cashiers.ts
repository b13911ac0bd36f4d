// The till's cashiers: added with a name, a role and a PIN (kept only as a slow hash),
// removed without forgetting who they were (past sales and shifts still name them). Five
// wrong PINs in a row lock a cashier for a minute.
import { randomUUID } from 'node:crypto';
import {
  newCashierInput,
  PIN_ATTEMPTS,
  PIN_LOCK_MS,
  type CashierView,
  type ManagerAction,
  type PinEntry,
} from '../domain/cashier.js';
import { fail, invalidFields, ok, type AppError, type Result } from '../domain/result.js';
import { and, asc, eq, isNull, sql } from './drizzle.js';
import { invalidInput } from './field-errors.js';
import type { TillDatabase } from './open.js';
import { hashPin, pinMatches } from './pin-hash.js';
import { cashiers } from './schema.js';
import { said } from '../domain/i18n/said.js';

type CashierRow = typeof cashiers.$inferSelect;

const viewOf = (row: CashierRow): CashierView => ({
  id: row.id,
  name: row.name,
  role: row.role,
  createdAt: row.createdAt,
});

/** Locked while the minute runs; a wall clock stepped back before the lock ends it. */
const lockLeftMs = (row: CashierRow, now: number): number => {
  if (row.lockedAt === null || now < row.lockedAt) return 0;
  return Math.max(0, row.lockedAt + PIN_LOCK_MS - now);
};

export function createCashiers({ db }: TillDatabase) {
  const active = isNull(cashiers.removedAt);
  const find = (id: string) => db.select().from(cashiers).where(eq(cashiers.id, id)).get();

  function list(): CashierView[] {
    return db.select().from(cashiers).where(active).orderBy(asc(cashiers.name)).all().map(viewOf);
  }

  /** Whether anyone is set up: with nobody, the till works with one anonymous cashier. */
  const hasCashiers = () =>
    db.select({ id: cashiers.id }).from(cashiers).where(active).get() !== undefined;

  /** A cashier's name for a report, removed ones too; null for the anonymous cashier. */
  const nameOf = (id: string | null): string | null =>
    id === null ? null : (find(id)?.name ?? 'unknown cashier');

  function add(input: unknown, now = Date.now()): Result<CashierView> {
    const parsed = newCashierInput.safeParse(input);
    if (!parsed.success) return fail(invalidInput(said('store.cashierNotValid'), parsed.error));
    const { name, pin, role } = parsed.data;
    const taken = db
      .select({ id: cashiers.id })
      .from(cashiers)
      .where(and(active, sql`lower(${cashiers.name}) = lower(${name})`))
      .get();
    if (taken)
      return fail(
        invalidFields(said('store.cashierNotValid'), [
          { path: '/name', ...said('field.alreadyACashier', { name }) },
        ]),
      );
    if (role !== 'manager' && !hasCashiers())
      return fail(
        invalidFields(said('store.cashierNotValid'), [
          { path: '/role', ...said('field.firstCashierManager') },
        ]),
      );
    const row = { id: randomUUID(), name, role, pinHash: hashPin(pin), createdAt: now };
    db.insert(cashiers).values(row).run();
    return ok(viewOf({ ...row, failedPins: 0, lockedAt: null, removedAt: null }));
  }

  function remove(id: string, now = Date.now()): Result<CashierView> {
    const row = find(id);
    if (!row || row.removedAt !== null)
      return fail({ code: 'not_found', ...said('store.noSuchCashier') });
    const others = list().filter((cashier) => cashier.id !== id);
    if (
      row.role === 'manager' &&
      others.length > 0 &&
      !others.some((other) => other.role === 'manager')
    )
      return fail({
        code: 'last_manager',
        ...said('store.lastManager', { name: row.name }),
      });
    db.update(cashiers).set({ removedAt: now }).where(eq(cashiers.id, id)).run();
    return ok(viewOf(row));
  }

  /** The cashier whose PIN this is; a wrong PIN is counted, and the fifth locks for a minute. */
  function checkPin(entry: PinEntry, now = Date.now()): Result<CashierView> {
    const row = find(entry.cashierId);
    if (!row || row.removedAt !== null)
      return fail({ code: 'not_found', ...said('store.noSuchCashier') });
    const left = lockLeftMs(row, now);
    if (left > 0)
      return fail({
        code: 'cashier_locked',
        ...said('store.cashierLocked', {
          name: row.name,
          attempts: PIN_ATTEMPTS,
          seconds: Math.ceil(left / 1000),
        }),
      });
    if (pinMatches(entry.pin, row.pinHash)) {
      if (row.failedPins > 0 || row.lockedAt !== null)
        db.update(cashiers)
          .set({ failedPins: 0, lockedAt: null })
          .where(eq(cashiers.id, row.id))
          .run();
      return ok(viewOf(row));
    }
    const failed = row.failedPins + 1;
    const locks = failed >= PIN_ATTEMPTS;
    db.update(cashiers)
      .set(locks ? { failedPins: 0, lockedAt: now } : { failedPins: failed })
      .where(eq(cashiers.id, row.id))
      .run();
    return fail(wrongPin(row.name, locks ? 0 : PIN_ATTEMPTS - failed));
  }

  /** A manager's PIN allowing `action`: the manager, or why not. */
  function checkManager(
    entry: PinEntry,
    action: ManagerAction,
    now = Date.now(),
  ): Result<CashierView> {
    const checked = checkPin(entry, now);
    if (!checked.ok) return checked;
    if (checked.value.role !== 'manager')
      return fail({
        code: 'manager_required',
        ...said('store.managerRequired', { name: checked.value.name, action }),
      });
    return checked;
  }

  const get = (id: string): CashierView | undefined => {
    const row = find(id);
    return row && row.removedAt === null ? viewOf(row) : undefined;
  };

  return { list, hasCashiers, nameOf, add, remove, checkPin, checkManager, get };
}

function wrongPin(name: string, triesLeft: number): AppError {
  return {
    code: 'wrong_pin',
    ...said('store.wrongPin', { name, tries: triesLeft }),
    fields: [{ path: '/pin', ...said('field.notTheRightPin') }],
  };
}

export type Cashiers = ReturnType<typeof createCashiers>;
