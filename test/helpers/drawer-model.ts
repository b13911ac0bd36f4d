// The till as a property test made it, kept apart from the store: its shifts, their sales
// and drawer figures, and what the cash expected in each must be.
import type { ShiftReport } from '../../domain/shift.js';

export interface ModelShift {
  floatMinor: number;
  floatCounted: boolean;
  sales: ModelSale[];
  cashInMinor: number;
  /** Cash out and safe drops. */
  cashOutMinor: number;
  correctionsMinor: number;
  /** Returns made in the shift, and the part refunded in cash out of its drawer. */
  returns: number;
  cashRefundsMinor: number;
  z: ShiftReport | null;
}

export interface ModelSale {
  id: string;
  method: string;
  totalMinor: number;
  /** Handed over minus change: what it put in the drawer. */
  drawerMinor: number;
  state: 'pending' | 'synced' | 'refused' | 'discarded' | 'voided';
  /** An attempt to send it was made: it can no longer be voided. */
  sent: boolean;
  /** Voided once its shift had closed: its Z report still counts it as a sale. */
  voidedAfterClose?: boolean;
  /** Brought back in full by a return: it can no longer be voided nor returned. */
  returned?: boolean;
  shift: ModelShift;
  day: string;
}

export const cashOf = (shift: ModelShift) =>
  shift.sales
    .filter((sale) => sale.state !== 'discarded' && sale.state !== 'voided')
    .reduce((sum, sale) => sum + sale.drawerMinor, 0);
export const expectedOf = (shift: ModelShift) =>
  shift.floatMinor +
  cashOf(shift) +
  shift.cashInMinor -
  shift.cashOutMinor +
  shift.correctionsMinor -
  shift.cashRefundsMinor;

/** The till as the test made it: its shifts and sales, kept apart from the store. */
export function modelTill() {
  const shifts: ModelShift[] = [];
  const sales: ModelSale[] = [];
  const current = () => shifts.find((shift) => shift.z === null);
  /** What the store does when something needs a shift and none is open. */
  const currentOrOpen = () => {
    const open = current();
    if (open) return open;
    const made: ModelShift = {
      floatMinor: 0,
      floatCounted: false,
      sales: [],
      cashInMinor: 0,
      cashOutMinor: 0,
      correctionsMinor: 0,
      returns: 0,
      cashRefundsMinor: 0,
      z: null,
    };
    shifts.push(made);
    return made;
  };
  return { shifts, sales, current, currentOrOpen };
}
