// Cashiers and the desk's rules: a manager first, names unique, PINs only as a slow hash,
// five wrong PINs lock for a minute (time is an input), removed cashiers still named in
// reports; and what the desk asks of whom (sign-in, a manager's PIN on the spot).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PIN_LOCK_MS } from '../../domain/cashier.js';
import type { CashierView } from '../../domain/cashier.js';
import { openStore, type Store } from '../../db/store.js';
import { createDesk } from '../../main/trading/desk.js';
import { checked, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const NOW = Date.UTC(2026, 10, 21, 8);
const MANAGER_PIN = '972530';
const CASHIER_PIN = '4817';

const freshStore = (): Store => openStore(join(tempDir(), 'tillsync.db'));

function added(store: Store, name: string, role: 'cashier' | 'manager', pin: string) {
  const result = store.cashiers.add({ name, role, pin }, NOW);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A till with a manager and a plain cashier. */
function staffedStore() {
  const store = freshStore();
  const manager = added(store, 'Grace', 'manager', MANAGER_PIN);
  const cashier = added(store, 'Tom', 'cashier', CASHIER_PIN);
  return { store, manager, cashier };
}

const cashierRows = (store: Store) =>
  store.database.sqlite.prepare('select * from cashiers order by created_at, name').all();

describe('cashiers', () => {
  it('must start with a manager, and refuse a name already taken', () => {
    const store = freshStore();
    const first = store.cashiers.add({ name: 'Tom', pin: CASHIER_PIN }, NOW);
    expect(first).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!first.ok && first.error.fields?.map((field) => field.path)).toEqual(['/role']);
    expect(cashierRows(store)).toEqual([]);
    added(store, 'Grace', 'manager', MANAGER_PIN);
    added(store, 'Tom', 'cashier', CASHIER_PIN);
    const before = cashierRows(store);
    for (const name of ['Tom', ' tom ', 'GRACE']) {
      const again = store.cashiers.add({ name, pin: '5555', role: 'cashier' }, NOW);
      expect(!again.ok && again.error.fields?.map((field) => field.path)).toEqual(['/name']);
    }
    const badPin = store.cashiers.add({ name: 'Ann', pin: '12a4' }, NOW);
    expect(!badPin.ok && badPin.error.fields?.map((field) => field.path)).toEqual(['/pin']);
    expect(cashierRows(store)).toEqual(before);
    expect(store.cashiers.list().map((cashier) => cashier.name)).toEqual(['Grace', 'Tom']);
    store.close();
  });

  it('keeps the PIN only as a salted scrypt hash', () => {
    const { store } = staffedStore();
    const rows = cashierRows(store) as Array<Record<string, unknown>>;
    const hashes = rows.map((row) => String(row.pin_hash));
    for (const hash of hashes) expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w+/=]+\$[\w+/=]+$/);
    expect(new Set(hashes.map((hash) => hash.split('$')[4])).size).toBe(2); // a salt each
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(MANAGER_PIN);
    expect(everything).not.toContain(CASHIER_PIN);
    store.close();
  });

  it('locks a cashier for a minute after five wrong PINs; a right PIN before then resets the count', () => {
    const { store, cashier } = staffedStore();
    const check = (pin: string, now: number) =>
      store.cashiers.checkPin({ cashierId: cashier.id, pin }, now);
    for (let round = 0; round < 2; round++) {
      for (let n = 0; n < 4; n++)
        expect(check('0000', NOW + n)).toMatchObject({ ok: false, error: { code: 'wrong_pin' } });
      expect(check(CASHIER_PIN, NOW + 10)).toMatchObject({ ok: true, value: { id: cashier.id } });
    }
    for (let n = 0; n < 4; n++) check('0000', NOW + n);
    const fifth = check('0000', NOW + 100);
    expect(fifth).toMatchObject({ ok: false, error: { code: 'wrong_pin' } });
    expect(!fifth.ok && fifth.error.message).toMatch(/locked for a minute/);
    expect(check(CASHIER_PIN, NOW + 101)).toMatchObject({
      ok: false,
      error: { code: 'cashier_locked' },
    });
    const nearly = check(CASHIER_PIN, NOW + 100 + PIN_LOCK_MS - 1000);
    expect(nearly).toMatchObject({ ok: false, error: { code: 'cashier_locked' } });
    expect(!nearly.ok && nearly.error.message).toMatch(/try again in 1 s/);
    expect(check(CASHIER_PIN, NOW + 100 + PIN_LOCK_MS)).toMatchObject({ ok: true });
    // The right PIN cleared the count: four wrong ones do not lock again.
    for (let n = 0; n < 4; n++) check('0000', NOW + PIN_LOCK_MS + 200 + n);
    expect(check(CASHIER_PIN, NOW + PIN_LOCK_MS + 300)).toMatchObject({ ok: true });
    store.close();
  });

  it('ends a lock when the wall clock is stepped back before it began', () => {
    const { store, cashier } = staffedStore();
    for (let n = 0; n < 5; n++)
      store.cashiers.checkPin({ cashierId: cashier.id, pin: '0000' }, NOW);
    const entry = { cashierId: cashier.id, pin: CASHIER_PIN };
    expect(store.cashiers.checkPin(entry, NOW + 1)).toMatchObject({
      ok: false,
      error: { code: 'cashier_locked' },
    });
    expect(store.cashiers.checkPin(entry, NOW - 3_600_000)).toMatchObject({ ok: true });
    store.close();
  });

  it('refuses to remove the last manager while cashiers remain', () => {
    const { store, manager, cashier } = staffedStore();
    expect(store.cashiers.remove(manager.id, NOW)).toMatchObject({
      ok: false,
      error: { code: 'last_manager' },
    });
    expect(store.cashiers.list().map((one) => one.name)).toEqual(['Grace', 'Tom']);
    expect(store.cashiers.remove(cashier.id, NOW).ok).toBe(true);
    expect(store.cashiers.remove(manager.id, NOW).ok).toBe(true);
    expect(store.cashiers.hasCashiers()).toBe(false);
    store.close();
  });

  it('still names a removed cashier in the reports of the sales and entries they made', () => {
    const { store, cashier } = staffedStore();
    const sale = store.recordSale(checked(validSale()), { now: NOW, cashierId: cashier.id });
    expect(sale.ok).toBe(true);
    store.shifts.addEntry(
      { kind: 'cash_in', amountMinor: 100, reason: 'coins' },
      { cashierId: cashier.id, now: NOW + 1 },
    );
    expect(store.cashiers.remove(cashier.id, NOW + 2).ok).toBe(true);
    const closed = store.shifts.close(
      { count: { countedMinor: 550 } },
      { cashierId: null, now: NOW + 3 },
    );
    expect(closed).toMatchObject({
      ok: true,
      value: {
        openedBy: 'Tom',
        cashiers: ['Tom'],
        byCashier: [{ cashier: 'Tom', count: 1, totalMinor: 450, cashMinor: 450 }],
        drawerEntries: [{ kind: 'cash_in', cashier: 'Tom' }],
      },
    });
    expect(store.shifts.zReport(1)).toMatchObject({ ok: true, value: { cashiers: ['Tom'] } });
    store.close();
  });
});

describe('the desk', () => {
  const noSale = { kind: 'no_sale', reason: 'change for the bus' };
  const entriesOf = (store: Store) =>
    store.database.sqlite
      .prepare(
        'select kind, amount_minor as amountMinor, cashier_id as cashierId from drawer_entries',
      )
      .all();

  it('asks for a sign-in when the till has cashiers', () => {
    const { store } = staffedStore();
    const desk = createDesk(
      () => store,
      () => NOW,
    );
    expect(desk.openShift({ floatMinor: 1_000 }, { signedIn: null })).toMatchObject({
      ok: false,
      error: { code: 'sign_in_required' },
    });
    expect(
      desk.addDrawerEntry({ kind: 'cash_in', amountMinor: 100, reason: 'x' }, { signedIn: null }),
    ).toMatchObject({ ok: false, error: { code: 'sign_in_required' } });
    expect(store.shifts.current()).toBeNull();
    expect(entriesOf(store)).toEqual([]);
    store.close();
  });

  it("asks a plain cashier for a manager's PIN to open the drawer without a sale", () => {
    const { store, manager, cashier } = staffedStore();
    const desk = createDesk(
      () => store,
      () => NOW,
    );
    const signedIn: CashierView = cashier;
    expect(desk.addDrawerEntry(noSale, { signedIn })).toMatchObject({
      ok: false,
      error: { code: 'manager_required' },
    });
    expect(
      desk.addDrawerEntry(noSale, { signedIn, approval: { cashierId: manager.id, pin: '1111' } }),
    ).toMatchObject({ ok: false, error: { code: 'wrong_pin' } });
    // The cashier's own PIN is right, but they are not a manager.
    expect(
      desk.addDrawerEntry(noSale, {
        signedIn,
        approval: { cashierId: cashier.id, pin: CASHIER_PIN },
      }),
    ).toMatchObject({ ok: false, error: { code: 'manager_required' } });
    expect(entriesOf(store)).toEqual([]);
    const approved = desk.addDrawerEntry(noSale, {
      signedIn,
      approval: { cashierId: manager.id, pin: MANAGER_PIN },
    });
    expect(approved.ok).toBe(true);
    // Recorded as the cashier's, who is at the till.
    expect(entriesOf(store)).toEqual([{ kind: 'no_sale', amountMinor: 0, cashierId: cashier.id }]);
    store.close();
  });

  it('asks for a manager for cash out above the limit only, and never a signed-in manager', () => {
    const { store, manager, cashier } = staffedStore();
    store.settings.update({ managerCashOutAboveMinor: 5_000 });
    const desk = createDesk(
      () => store,
      () => NOW,
    );
    const out = (amountMinor: number) => ({ kind: 'cash_out', amountMinor, reason: 'supplier' });
    expect(desk.addDrawerEntry(out(5_000), { signedIn: cashier }).ok).toBe(true);
    expect(desk.addDrawerEntry(out(5_001), { signedIn: cashier })).toMatchObject({
      ok: false,
      error: { code: 'manager_required' },
    });
    expect(
      desk.addDrawerEntry(
        { kind: 'safe_drop', amountMinor: 9_000, reason: 'safe' },
        { signedIn: cashier },
      ),
    ).toMatchObject({ ok: false, error: { code: 'manager_required' } });
    expect(desk.addDrawerEntry(out(5_001), { signedIn: manager }).ok).toBe(true);
    expect(desk.addDrawerEntry(noSale, { signedIn: manager }).ok).toBe(true);
    // A PIN given where none was needed is still checked: a wrong one writes nothing.
    expect(
      desk.addDrawerEntry(out(100), {
        signedIn: cashier,
        approval: { cashierId: manager.id, pin: '1111' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'wrong_pin' } });
    expect(entriesOf(store)).toEqual([
      { kind: 'cash_out', amountMinor: -5_000, cashierId: cashier.id },
      { kind: 'cash_out', amountMinor: -5_001, cashierId: manager.id },
      { kind: 'no_sale', amountMinor: 0, cashierId: manager.id },
    ]);
    store.close();
  });

  it('asks nothing of a till with no cashiers', () => {
    const store = freshStore();
    const desk = createDesk(
      () => store,
      () => NOW,
    );
    const anyone = { signedIn: null };
    expect(desk.openShift({ floatMinor: 1_000 }, anyone).ok).toBe(true);
    expect(desk.addDrawerEntry(noSale, anyone).ok).toBe(true);
    expect(
      desk.addDrawerEntry({ kind: 'cash_out', amountMinor: 900, reason: 'window cleaner' }, anyone)
        .ok,
    ).toBe(true);
    expect(desk.closeShift({ count: { countedMinor: 100 } }, anyone)).toMatchObject({
      ok: true,
      value: { number: 1, expectedMinor: 100, differenceMinor: 0, closedBy: null },
    });
    expect(entriesOf(store)).toEqual([
      { kind: 'no_sale', amountMinor: 0, cashierId: null },
      { kind: 'cash_out', amountMinor: -900, cashierId: null },
    ]);
    store.close();
  });
});
