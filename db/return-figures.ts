// What returns took back, for the day's totals and a shift's report: how many, what was
// refunded, and the part of it paid out of the drawer in cash. Returns never move to the
// archives, so the till's own file holds them all.
import { CASH_METHOD } from '../domain/payment-methods.js';
import type { Amount } from '../domain/sale.js';
import type { TillDatabase } from './open.js';

export type ReturnFigures = Amount & { cashMinor: number };

const FIGURES = `count(*) as count, coalesce(sum(total_minor), 0) as totalMinor,
  coalesce(sum(case when refund_payment_method = '${CASH_METHOD}' then total_minor else 0 end), 0)
    as cashMinor from returns`;

export function createReturnFigures({ sqlite }: TillDatabase) {
  const inRange = sqlite.prepare<[{ from: number; to: number }], ReturnFigures>(
    `select ${FIGURES} indexed by returns_created_at_idx where created_at >= @from and created_at < @to`,
  );
  const inShift = sqlite.prepare<[{ shiftId: string }], ReturnFigures>(
    `select ${FIGURES} indexed by returns_shift_idx where shift_id = @shiftId`,
  );
  return {
    /** Returns made in [from, to). */
    returnsBetween: (from: number, to: number): ReturnFigures => inRange.get({ from, to })!,
    /** Returns made in a shift: their cash refunds left its drawer. */
    returnsInShift: (shiftId: string): ReturnFigures => inShift.get({ shiftId })!,
  };
}
