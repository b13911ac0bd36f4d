// The trading day's methods: the shift, the drawer, the X and Z reports, cashiers and who
// is signed in at this till. The rules (who may do what) are the desk's, shared with the CLI.
import { ok, type Result } from '../../domain/result.js';
import { denominationsOf } from '../../domain/denominations.js';
import type { Actor, Desk } from '../trading/desk.js';
import { exportShiftReport } from '../trading/report-export.js';
import type { Handlers } from './handlers.js';
import type { Runtime } from './runtime.js';
import type { ShiftState } from '../contract/contract.js';
import { tillTimeZone } from '../../db/till-time-zone.js';
import { tillLocale } from '../printing/till-locale.js';

type ShiftMethod =
  | 'getShift'
  | 'openShift'
  | 'addDrawerEntry'
  | 'getXReport'
  | 'beginClose'
  | 'cancelClose'
  | 'previewClose'
  | 'closeShift'
  | 'listZReports'
  | 'exportShiftReport'
  | 'listCashiers'
  | 'addCashier'
  | 'removeCashier'
  | 'signIn'
  | 'signOut';

export function shiftHandlers(runtime: Runtime, desk: Desk, session: Actor): Handlers<ShiftMethod> {
  const store = () => runtime.store;
  const withApproval = <T extends { approval?: Actor['approval'] }>({ approval, ...rest }: T) => ({
    actor: { signedIn: session.signedIn, approval },
    input: rest,
  });

  function shiftState(): ShiftState {
    const settings = store().settings.read();
    const cashiers = store().cashiers.list();
    // A cashier removed meanwhile is signed out.
    if (session.signedIn && !cashiers.some((cashier) => cashier.id === session.signedIn?.id))
      session.signedIn = null;
    return {
      shift: store().shifts.current(),
      suggestedFloatMinor: store().shifts.lastCountedMinor(),
      signedIn: session.signedIn,
      cashiers,
      denominations: [...denominationsOf(settings.currency)],
      blindClose: settings.blindClose,
      closeNoteAboveMinor: settings.closeNoteAboveMinor,
    };
  }

  /** A change to the shift: the status every screen shows names it, so it is told at once. */
  const changed = <T>(result: Result<T>): Result<T> => {
    if (result.ok) runtime.shiftChanged();
    return result;
  };

  return {
    getShift: () => ok(shiftState()),
    openShift: (input) => changed(desk.openShift(input, session)),
    addDrawerEntry(request) {
      const { actor, input } = withApproval(request);
      return changed(desk.addDrawerEntry(input, actor));
    },
    getXReport: () => store().shifts.xReport(Date.now()),
    beginClose: () => changed(store().shifts.beginClose()),
    cancelClose: () => changed(store().shifts.cancelClose()),
    previewClose: (input) => store().shifts.previewClose(input, Date.now()),
    closeShift(request) {
      const { actor, input } = withApproval(request);
      return changed(desk.closeShift(input, actor));
    },
    listZReports: () => ok(store().shifts.zReports()),
    exportShiftReport: ({ number, format }) => {
      const report =
        number === undefined ? store().shifts.xReport(Date.now()) : store().shifts.zReport(number);
      if (!report.ok) return report;
      const settings = store().settings.read();
      const timeZone = tillTimeZone(settings);
      const locale = tillLocale(settings);
      return ok(
        exportShiftReport(report.value, format, settings.receiptWidth, { timeZone, locale }),
      );
    },
    listCashiers: () => ok(store().cashiers.list()),
    addCashier(request) {
      const { actor, input } = withApproval(request);
      return desk.addCashier(input, actor);
    },
    removeCashier(request) {
      const { actor, input } = withApproval(request);
      return desk.removeCashier(input.cashierId, actor);
    },
    signIn(entry) {
      const checked = desk.signIn(entry);
      if (!checked.ok) return checked;
      session.signedIn = checked.value;
      return checked;
    },
    signOut() {
      session.signedIn = null;
      return ok({});
    },
  };
}
