// A Z report with something in every part, as the store would freeze it at a close.
import { shiftReport, type ShiftReport } from '../../domain/shift.js';

const OPENED = Date.UTC(2026, 10, 25, 8, 0);
const CLOSED = Date.UTC(2026, 10, 25, 18, 5);
export const LONG_REASON =
  'Paid the window cleaner who came early and would not take a card, so the cash came out of the drawer';

/** A closed shift's report with something in every part. */
export const zReport = (overrides: Partial<ShiftReport> = {}): ShiftReport =>
  shiftReport.parse({
    kind: 'Z',
    number: 12,
    shiftId: 'shift-1',
    shopName: 'Corner Grocer of the Long Street Market',
    tillName: 'Till 1',
    currency: 'USD',
    openedAt: OPENED,
    closedAt: CLOSED,
    madeAt: CLOSED,
    openedBy: 'Ann',
    closedBy: 'Bob the Manager',
    cashiers: ['Ann', 'Bob the Manager'],
    floatMinor: 10000,
    floatCounted: true,
    sales: { count: 7, totalMinor: 34550 },
    byPaymentMethod: [
      { paymentMethod: 'CASH', count: 5, totalMinor: 20050 },
      { paymentMethod: 'MOBILE_MONEY', count: 2, totalMinor: 14500 },
    ],
    byCashier: [
      { cashier: 'Ann', count: 4, totalMinor: 30000, cashMinor: 15550 },
      { cashier: 'Bob the Manager', count: 3, totalMinor: 4550, cashMinor: 4500 },
    ],
    cashSalesMinor: 20050,
    cashInMinor: 2000,
    cashOutMinor: 8000,
    correctionsMinor: -250,
    noSales: 1,
    drawerEntries: [
      drawerEntry('e1', 9, 'cash_in', 2000, 'Change from the bank', 'Ann'),
      drawerEntry('e2', 11, 'cash_out', -3000, LONG_REASON, 'Bob the Manager'),
      drawerEntry('e3', 13, 'safe_drop', -5000, 'Lunch drop', 'Bob the Manager'),
      drawerEntry('e4', 14, 'no_sale', 0, 'Customer needed change for parking', 'Ann'),
      {
        ...drawerEntry('e5', 15, 'correction', -250, 'Sale discarded after the close', null),
        correctsReceipt: 41,
      },
    ],
    expectedMinor: 13800,
    countedMinor: 13750,
    differenceMinor: -50,
    denominations: [
      { valueMinor: 5000, count: 2 },
      { valueMinor: 1000, count: 3 },
      { valueMinor: 25, count: 30 },
    ],
    note: 'Two quarters short, probably change given twice',
    refused: { count: 1, totalMinor: 1200 },
    discarded: { count: 1, totalMinor: 250 },
    voids: { count: 1, totalMinor: 500 },
    returns: { count: 1, totalMinor: 1000 },
    cashRefundsMinor: 1000,
    waiting: { count: 2, totalMinor: 3075 },
    firstReceipt: 40,
    lastReceipt: 48,
    ...overrides,
  });

export function drawerEntry(
  id: string,
  hour: number,
  kind: ShiftReport['drawerEntries'][number]['kind'],
  amountMinor: number,
  reason: string,
  cashier: string | null,
) {
  return {
    id,
    at: Date.UTC(2026, 10, 25, hour, 30),
    kind,
    amountMinor,
    reason,
    cashier,
    correctsReceipt: null,
  };
}
