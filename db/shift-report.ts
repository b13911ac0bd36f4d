// A shift's report, computed from its own rows: the sales made in it (in the till's file and
// its archives) and its drawer entries. The open shift's is the X report; the same figures,
// frozen at the close, are the Z report (db/shifts.ts).
import { expectedCash, type DrawerEntryView, type ShiftReport } from '../domain/shift.js';
import type { Amount } from '../domain/sale.js';
import type { Cashiers } from './cashiers.js';
import { cashTakenMinor, sumDay } from './day-totals.js';
import { asc, eq } from './drizzle.js';
import type { History } from './history.js';
import type { TillDatabase } from './open.js';
import type { ShiftRow } from './current-shift.js';
import { drawerEntries, outbox, sales } from './schema.js';
import type { SettingsStore } from './settings.js';
import { computed, typedQuery } from './typed-sql.js';
import { createReturnFigures } from './return-figures.js';

const groupColumns = {
  paymentMethod: sales.paymentMethod,
  state: outbox.state,
  cashierId: sales.cashierId,
  count: computed<number>('count(*)'),
  totalMinor: computed<number>('sum(s.total_minor)'),
  cashMinor: cashTakenMinor,
  firstReceipt: computed<number>('min(s.receipt_number)'),
  lastReceipt: computed<number>('max(s.receipt_number)'),
};

export function createShiftReports(
  database: TillDatabase,
  settingsStore: SettingsStore,
  cashierStore: Cashiers,
  history: History,
) {
  const { db, sqlite } = database;
  const { returnsInShift } = createReturnFigures(database);
  const groupsIn = (schema: string) =>
    typedQuery<typeof groupColumns, { shiftId: string }>(
      sqlite,
      groupColumns,
      (list) => `
      select ${list}
        from ${schema}.sales s indexed by sales_shift_idx
        join ${schema}.outbox o on o.sale_id = s.id
       where s.shift_id = @shiftId
         ${schema === 'main' ? '' : `and ${history.notInMain('s')}`}
       group by s.payment_method, o.state, s.cashier_id`,
      { sales: 's', outbox: 'o' },
    );
  const entriesOf = (shiftId: string) =>
    db
      .select()
      .from(drawerEntries)
      .where(eq(drawerEntries.shiftId, shiftId))
      .orderBy(asc(drawerEntries.createdAt), asc(drawerEntries.id))
      .all();
  const receiptOf = (saleId: string | null): number | null => {
    if (saleId === null) return null;
    for (const schema of ['main', ...history.archiveSchemas()]) {
      const row = sqlite
        .prepare<[string], { receipt: number }>(
          `select receipt_number as receipt from ${schema}.sales where id = ?`,
        )
        .get(saleId);
      if (row) return row.receipt;
    }
    return null;
  };

  /** The report of a shift as its rows are now: X while it is open, Z when `closing` is given. */
  function reportOf(
    shift: ShiftRow,
    madeAt: number,
    closing?: {
      countedMinor: number;
      denominations: ShiftReport['denominations'];
      note: string;
      closedBy: string | null;
      number: number;
    },
  ): ShiftReport {
    const groups = ['main', ...history.archiveSchemas()].flatMap((schema) =>
      groupsIn(schema).all({ shiftId: shift.id }),
    );
    const day = sumDay(groups);
    const rows = entriesOf(shift.id);
    const entries: DrawerEntryView[] = rows.map((entry) => ({
      id: entry.id,
      at: entry.createdAt,
      kind: entry.kind as DrawerEntryView['kind'],
      amountMinor: entry.amountMinor,
      reason: entry.reason,
      cashier: cashierStore.nameOf(entry.cashierId),
      correctsReceipt: receiptOf(entry.correctsSaleId),
    }));
    const sumOf = (kinds: string[]) =>
      entries
        .filter((entry) => kinds.includes(entry.kind))
        .reduce((sum, entry) => sum + entry.amountMinor, 0);
    const { cashMinor: cashRefundsMinor, ...returns } = returnsInShift(shift.id);
    const expectedMinor = expectedCash({
      floatMinor: shift.floatMinor,
      cashSalesMinor: day.cashExpectedMinor,
      entries,
      cashRefundsMinor,
    });
    const settings = settingsStore.read();
    const counted = groups.filter(
      (group) => group.state !== 'discarded' && group.state !== 'voided',
    );
    return {
      kind: closing ? 'Z' : 'X',
      number: closing?.number ?? null,
      shiftId: shift.id,
      shopName: settings.shopName,
      tillName: settings.tillName,
      currency: settings.currency,
      openedAt: shift.openedAt,
      closedAt: closing ? madeAt : null,
      madeAt,
      openedBy: cashierStore.nameOf(shift.openedBy),
      closedBy: closing?.closedBy ?? null,
      cashiers: cashierNames(cashierStore, [
        shift.openedBy,
        ...groups.map((g) => g.cashierId),
        ...rows.map((e) => e.cashierId),
      ]),
      floatMinor: shift.floatMinor,
      floatCounted: shift.floatCounted,
      sales: day.sales,
      byPaymentMethod: day.byPaymentMethod,
      byCashier: byCashier(cashierStore, counted),
      cashSalesMinor: day.cashExpectedMinor,
      cashInMinor: sumOf(['cash_in']),
      cashOutMinor: 0 - sumOf(['cash_out', 'safe_drop']), // 0 - x: never -0 in the JSON
      correctionsMinor: sumOf(['correction']),
      noSales: entries.filter((entry) => entry.kind === 'no_sale').length,
      drawerEntries: entries,
      expectedMinor,
      countedMinor: closing?.countedMinor ?? null,
      differenceMinor: closing ? closing.countedMinor - expectedMinor : null,
      denominations: closing?.denominations ?? null,
      note: closing?.note ?? '',
      refused: day.refused,
      discarded: day.discarded,
      voids: day.voids,
      returns,
      cashRefundsMinor,
      waiting: day.waiting,
      firstReceipt: groups.length ? Math.min(...groups.map((g) => g.firstReceipt)) : null,
      lastReceipt: groups.length ? Math.max(...groups.map((g) => g.lastReceipt)) : null,
    };
  }

  return { reportOf };
}

function cashierNames(cashierStore: Cashiers, ids: Array<string | null>): string[] {
  const named = new Set(ids.filter((id): id is string => id !== null));
  return [...named].map((id) => cashierStore.nameOf(id) ?? '').sort((a, b) => a.localeCompare(b));
}

function byCashier(
  cashierStore: Cashiers,
  groups: Array<{ cashierId: string | null; count: number; totalMinor: number; cashMinor: number }>,
): ShiftReport['byCashier'] {
  const totals = new Map<string | null, Amount & { cashMinor: number }>();
  for (const group of groups) {
    const into = totals.get(group.cashierId) ?? { count: 0, totalMinor: 0, cashMinor: 0 };
    into.count += group.count;
    into.totalMinor += group.totalMinor;
    into.cashMinor += group.cashMinor;
    totals.set(group.cashierId, into);
  }
  return [...totals]
    .map(([id, amount]) => ({ cashier: cashierStore.nameOf(id), ...amount }))
    .sort((a, b) => (a.cashier ?? '').localeCompare(b.cashier ?? ''));
}
