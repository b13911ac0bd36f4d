// The till's shifts and its cash drawer. One shift is current at a time (open, or closing
// while the cash is counted); a sale or drawer entry with none opens one by itself ("float
// not counted"), so nothing ever blocks a sale. Closing is one transaction: the Z report is
// computed, numbered and frozen with the shift's closed state, so a crash leaves either the
// open shift or the closed shift with its report, never half of one (db/shift-close.ts).
import { shownTime } from '../domain/views/local-time.js';
import { tillTimeZone } from './till-time-zone.js';
import { randomUUID } from 'node:crypto';
import {
  DRAWER_ENTRY_LABELS,
  drawerEntryInput,
  openShiftInput,
  signedAmount,
  type DrawerEntryKind,
  type ShiftReport,
  type ShiftSummary,
} from '../domain/shift.js';
import { fail, invalidFields, ok, type Result } from '../domain/result.js';
import type { Cashiers } from './cashiers.js';
import { desc, eq, isNotNull } from './drizzle.js';
import { invalidInput } from './field-errors.js';
import type { History } from './history.js';
import type { PrintJobs } from './print-jobs.js';
import type { TillDatabase } from './open.js';
import { cashTakenMinor } from './day-totals.js';
import { drawerEntries, sales, shifts } from './schema.js';
import type { SettingsStore } from './settings.js';
import { createShiftReports } from './shift-report.js';
import { createCurrentShift, NO_SHIFT, type Act } from './current-shift.js';

export type { Act };
import { createShiftClose } from './shift-close.js';
import { typedQuery } from './typed-sql.js';
import { said } from '../domain/i18n/said.js';

const saleCashColumns = {
  shiftId: sales.shiftId,
  receiptNumber: sales.receiptNumber,
  cashMinor: cashTakenMinor,
};

export function createShifts(
  database: TillDatabase,
  settingsStore: SettingsStore,
  cashierStore: Cashiers,
  printJobs: Pick<PrintJobs, 'addPrintJob'>,
  history: History,
) {
  const { db, sqlite } = database;
  const reports = createShiftReports(database, settingsStore, cashierStore, history);
  const { row: currentRow, summaryOf, current } = createCurrentShift(database, cashierStore.nameOf);
  const insertShift = (row: typeof shifts.$inferInsert) => db.insert(shifts).values(row).run();

  /**
   * The current shift's id, opening one with an uncounted float when there is none. Runs
   * inside the caller's transaction (a sale's, a drawer entry's), so the two are one write.
   */
  function currentIdOrOpen({ cashierId, now }: Act): string {
    const row = currentRow();
    if (row) return row.id;
    const id = randomUUID();
    insertShift({
      id,
      state: 'open',
      openedAt: now,
      openedBy: cashierId,
      floatMinor: 0,
      floatCounted: false,
    });
    return id;
  }

  /** The cash counted at the last close: what the next float is offered as. */
  function lastCountedMinor(): number | null {
    const row = db
      .select({ counted: shifts.countedMinor })
      .from(shifts)
      .where(isNotNull(shifts.zNumber))
      .orderBy(desc(shifts.zNumber))
      .get();
    return row?.counted ?? null;
  }

  function open(input: unknown, act: Act): Result<ShiftSummary> {
    const parsed = openShiftInput.safeParse(input);
    if (!parsed.success) return fail(invalidInput(said('store.floatNotValid'), parsed.error));
    return sqlite
      .transaction((): Result<ShiftSummary> => {
        const existing = currentRow();
        // A sale opened this shift by itself: its float is counted now, once.
        if (existing && !existing.floatCounted) {
          db.update(shifts)
            .set({ floatMinor: parsed.data.floatMinor, floatCounted: true })
            .where(eq(shifts.id, existing.id))
            .run();
          return ok(summaryOf(currentRow()!));
        }
        if (existing)
          return fail({
            code: 'shift_open',
            ...said('store.shiftAlreadyOpen', {
              since: shownTime(existing.openedAt, tillTimeZone(settingsStore.read())),
            }),
          });
        const id = randomUUID();
        insertShift({
          id,
          state: 'open',
          openedAt: act.now,
          openedBy: act.cashierId,
          floatMinor: parsed.data.floatMinor,
          floatCounted: true,
        });
        return ok(summaryOf(currentRow()!));
      })
      .immediate();
  }

  const insertEntry = (
    kind: DrawerEntryKind,
    amountMinor: number,
    reason: string,
    act: Act,
    correctsSaleId: string | null = null,
  ) => {
    const id = randomUUID();
    const shiftId = currentIdOrOpen(act);
    db.insert(drawerEntries)
      .values({
        id,
        shiftId,
        kind,
        amountMinor,
        reason,
        cashierId: act.cashierId,
        createdAt: act.now,
        correctsSaleId,
      })
      .run();
    return id;
  };

  /**
   * Cash in, cash out, a safe drop or "no sale", with its reason; opens a shift when none is.
   * `openDrawer`: the till's printer opens the drawer (a job written with the entry).
   */
  function addEntry(
    input: unknown,
    act: Act,
    openDrawer = false,
  ): Result<{ id: string; shift: ShiftSummary }> {
    const parsed = drawerEntryInput.safeParse(input);
    if (!parsed.success) return fail(invalidInput(said('store.drawerEntryNotValid'), parsed.error));
    const { kind, amountMinor, reason } = parsed.data;
    if (kind !== 'no_sale' && amountMinor === 0)
      return fail(
        invalidFields(said('store.drawerEntryNotValid'), [
          { path: '/amountMinor', ...said('field.moreThanZero') },
        ]),
      );
    return sqlite
      .transaction(() => {
        const id = insertEntry(
          kind,
          signedAmount(kind, kind === 'no_sale' ? 0 : amountMinor),
          reason,
          act,
        );
        if (openDrawer)
          printJobs.addPrintJob(
            {
              kind: 'drawer',
              ref: id,
              openDrawer,
              reason: `${DRAWER_ENTRY_LABELS[kind]}: ${reason}`,
            },
            act.now,
          );
        return ok({ id, shift: summaryOf(currentRow()!) });
      })
      .immediate();
  }

  /**
   * A late correction: money of a sale in a closed shift changed (it was discarded), so the
   * open shift gets an entry naming the sale. Runs inside the caller's transaction.
   */
  function correct(saleId: string, amountMinor: number, reason: string, act: Act): void {
    if (amountMinor !== 0) insertEntry('correction', amountMinor, reason, act, saleId);
  }

  const saleCash = typedQuery<typeof saleCashColumns, { saleId: string }>(
    sqlite,
    saleCashColumns,
    (list) => `select ${list} from sales s where s.id = @saleId`,
    { sales: 's' },
  );

  /**
   * A sale was taken back (discarded or voided): when its shift is already closed, the cash
   * its Z report counted is taken back by a correction in the open shift naming it, and this
   * answers true. Runs inside the caller's transaction (the discard's, the void's).
   */
  function saleWithdrawn(
    saleId: string,
    how: 'discarded' | 'voided',
    reason: string,
    act: Act,
  ): boolean {
    const sale = saleCash.get({ saleId });
    if (!sale || !isClosed(sale.shiftId)) return false;
    correct(
      saleId,
      -sale.cashMinor,
      `Sale #${sale.receiptNumber} ${how} after its shift closed: ${reason}`,
      act,
    );
    return true;
  }

  /** The shift a sale belongs to, and whether it is closed (a change to it must be a correction). */
  const isClosed = (shiftId: string | null): boolean =>
    shiftId !== null &&
    db.select({ state: shifts.state }).from(shifts).where(eq(shifts.id, shiftId)).get()?.state ===
      'closed';

  function xReport(now: number): Result<ShiftReport> {
    const row = currentRow();
    return row ? ok(reports.reportOf(row, now)) : fail(NO_SHIFT);
  }

  function setState(state: 'open' | 'closing'): Result<ShiftSummary> {
    const row = currentRow();
    if (!row) return fail(NO_SHIFT);
    db.update(shifts).set({ state }).where(eq(shifts.id, row.id)).run();
    return ok(summaryOf({ ...row, state }));
  }

  return {
    current,
    currentIdOrOpen,
    lastCountedMinor,
    open,
    addEntry,
    correct,
    saleWithdrawn,
    isClosed,
    xReport,
    beginClose: () => setState('closing'),
    cancelClose: () => setState('open'),
    ...createShiftClose({ database, settingsStore, cashierStore, reports, currentRow }),
  };
}

export type Shifts = ReturnType<typeof createShifts>;
