// Closing a shift, and the Z reports it leaves. The close is one IMMEDIATE transaction: the
// report is computed from the shift's rows, numbered after the last Z and frozen (as JSON)
// with the shift's closed state, so a crash leaves the shift open or closed with its report.
// A kept report is read back as it was made, byte for byte, however its sales moved since.
import { closeShiftInput, countedMinorOf, shiftReport, type ShiftReport } from '../domain/shift.js';
import { fail, invalidFields, ok, type Result } from '../domain/result.js';
import type { Cashiers } from './cashiers.js';
import { desc, eq, isNotNull, sql } from './drizzle.js';
import { invalidInput } from './field-errors.js';
import type { TillDatabase } from './open.js';
import { shifts } from './schema.js';
import type { SettingsStore } from './settings.js';
import type { createShiftReports } from './shift-report.js';
import type { ShiftRow } from './current-shift.js';
import { NO_SHIFT, type Act } from './current-shift.js';
import { said } from '../domain/i18n/said.js';

export function createShiftClose(deps: {
  database: TillDatabase;
  settingsStore: SettingsStore;
  cashierStore: Cashiers;
  reports: ReturnType<typeof createShiftReports>;
  currentRow: () => ShiftRow | undefined;
}) {
  const { database, settingsStore, cashierStore, reports, currentRow } = deps;
  const { db, sqlite } = database;

  /** What a count would give, written nowhere: the expected cash, the difference, whether a note is needed. */
  function previewClose(input: unknown, now: number) {
    const parsed = closeShiftInput.safeParse(input);
    if (!parsed.success) return fail(invalidInput(said('store.countNotValid'), parsed.error));
    const row = currentRow();
    if (!row) return fail(NO_SHIFT);
    const expectedMinor = reports.reportOf(row, now).expectedMinor;
    const countedMinor = countedMinorOf(parsed.data.count);
    const differenceMinor = countedMinor - expectedMinor;
    return ok({
      expectedMinor,
      countedMinor,
      differenceMinor,
      noteRequired: noteRequired(differenceMinor),
    });
  }

  const noteRequired = (differenceMinor: number) =>
    Math.abs(differenceMinor) > settingsStore.read().closeNoteAboveMinor;

  /** Closes the current shift with the count: its Z report, numbered and frozen, in one transaction. */
  function close(input: unknown, act: Act): Result<ShiftReport> {
    const parsed = closeShiftInput.safeParse(input);
    if (!parsed.success) return fail(invalidInput(said('store.countNotValid'), parsed.error));
    const { count, note } = parsed.data;
    return sqlite
      .transaction((): Result<ShiftReport> => {
        const row = currentRow();
        if (!row) return fail(NO_SHIFT);
        const number =
          (db
            .select({ last: sql<number | null>`max(${shifts.zNumber})` })
            .from(shifts)
            .get()?.last ?? 0) + 1;
        const countedMinor = countedMinorOf(count);
        // Parsed as a reprint parses it: the same keys in the same order, byte for byte.
        const report = shiftReport.parse(
          reports.reportOf(row, act.now, {
            countedMinor,
            denominations:
              'denominations' in count
                ? count.denominations.filter((line) => line.count > 0)
                : null,
            note,
            closedBy: cashierStore.nameOf(act.cashierId),
            number,
          }),
        );
        if (noteRequired(report.differenceMinor!) && note === '')
          return fail(
            invalidFields(said('store.closeNeedsNote'), [
              { path: '/note', ...said('field.shift.closeNote') },
            ]),
          );
        db.update(shifts)
          .set({
            state: 'closed',
            closedAt: act.now,
            closedBy: act.cashierId,
            zNumber: number,
            countedMinor,
            zReport: JSON.stringify(report),
          })
          .where(eq(shifts.id, row.id))
          .run();
        return ok(report);
      })
      .immediate();
  }

  /** Every Z report made on this till, newest first, as it was made. */
  function zReports(): ShiftReport[] {
    return db
      .select({ report: shifts.zReport })
      .from(shifts)
      .where(isNotNull(shifts.zNumber))
      .orderBy(desc(shifts.zNumber))
      .all()
      .map((row) => shiftReport.parse(JSON.parse(row.report!)));
  }

  function zReport(number: number): Result<ShiftReport> {
    const row = db
      .select({ report: shifts.zReport })
      .from(shifts)
      .where(eq(shifts.zNumber, number))
      .get();
    if (!row?.report) return fail({ code: 'not_found', ...said('store.noZReport', { number }) });
    return ok(shiftReport.parse(JSON.parse(row.report)));
  }

  return { previewClose, close, zReports, zReport };
}
