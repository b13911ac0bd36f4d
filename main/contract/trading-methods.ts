// The contract's methods of the trading day: shifts, the drawer, cashiers and the X and Z
// reports (spread into main/contract/contract.ts `methods`). Node-free, like the contract.
import { z } from 'zod';
import {
  closeShiftInput,
  drawerEntryInput,
  openShiftInput,
  shiftReport,
  shiftSummary,
} from '../../domain/shift.js';
import { cashierView, newCashierInput, pinEntry } from '../../domain/cashier.js';

const empty = z.strictObject({}).default({});
/** A manager's PIN given on the spot, for what only a manager may do. */
export const approval = { approval: pinEntry.optional() };

/** The trading day as the till screens need it: the shift, who is signed in, the counting form. */
export const shiftState = z.object({
  shift: shiftSummary.nullable(),
  /** The cash counted at the last close: the float offered when opening. */
  suggestedFloatMinor: z.number().nullable(),
  signedIn: cashierView.nullable(),
  /** Everyone who can sign in (names and roles only); empty: one anonymous cashier. */
  cashiers: z.array(cashierView),
  /** The currency's notes and coins for the counting form, largest first (minor units). */
  denominations: z.array(z.number()),
  blindClose: z.boolean(),
  closeNoteAboveMinor: z.number(),
});
export type ShiftState = z.infer<typeof shiftState>;

export const closePreview = z.object({
  expectedMinor: z.number(),
  countedMinor: z.number(),
  differenceMinor: z.number(),
  noteRequired: z.boolean(),
});

export const tradingMethods = {
  getShift: { input: empty, output: shiftState },
  openShift: { input: openShiftInput, output: shiftSummary },
  addDrawerEntry: {
    input: drawerEntryInput.extend(approval),
    output: z.object({ id: z.string(), shift: shiftSummary }),
  },
  /** The X report: the open shift's figures now, without closing it. */
  getXReport: { input: empty, output: shiftReport },
  /** The count has begun (other screens show "closing"); cancelClose goes back to open. */
  beginClose: { input: empty, output: shiftSummary },
  cancelClose: { input: empty, output: shiftSummary },
  /** What a count gives, written nowhere: shown after the count in a blind close. */
  previewClose: { input: closeShiftInput, output: closePreview },
  closeShift: { input: closeShiftInput.extend(approval), output: shiftReport },
  /** Every Z report of this till, newest first, as it was made. */
  listZReports: { input: empty, output: z.array(shiftReport) },
  /** A report to print or download: a Z by its number, or the X report of the open shift. */
  exportShiftReport: {
    input: z.strictObject({
      number: z.number().int().positive().optional(),
      format: z.enum(['text', 'csv', 'pdf']),
    }),
    output: z.object({
      fileName: z.string(),
      mimeType: z.string(),
      /** The file's content: text, or base64 for a PDF. */
      content: z.string(),
      encoding: z.enum(['utf8', 'base64']),
    }),
  },
  listCashiers: { input: empty, output: z.array(cashierView) },
  addCashier: { input: newCashierInput.extend(approval), output: cashierView },
  removeCashier: {
    input: z.strictObject({ cashierId: z.string().min(1), ...approval }),
    output: cashierView,
  },
  /** The cashier at the till from now on (recorded on every sale and drawer entry). */
  signIn: { input: pinEntry, output: cashierView },
  signOut: { input: empty, output: z.object({}) },
} as const;
