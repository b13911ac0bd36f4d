// The one contract between the till UI and the agent: every method the UI can call and
// every event it receives, each with zod schemas. The agent validates every input with
// it; Electron's preload and the loopback console are both built from it; the renderer
// imports its types only. This file imports nothing but zod and the Node-free domain/ (where
// the shapes it shares are declared once), so the renderer (no Node) can read its types.
import { z } from 'zod';
import type { AppError, Result } from '../../domain/result.js';
import { EVENT_NAMES, METHOD_NAMES } from './names.js';
import {
  refusedChange,
  refusedSummary,
  customer,
  dayTotals,
  outboxState,
  product,
  receipt,
  saleSummary,
  saleView,
} from '../../domain/sale.js';
import { cartContent, counterState, MAX_HOLD_NOTE } from '../../domain/cart.js';
import { newSaleFields, toNewSale } from '../../domain/new-sale.js';
import { correctedSale } from '../../domain/corrected-sale.js';
import { settingsView } from '../../domain/settings-view.js';
import { settingsPatch } from '../../domain/settings.js';
import { drainSummary, syncStatus } from '../../domain/sync-status.js';
import { approval, tradingMethods } from './trading-methods.js';
import { printerMethods } from './printer-methods.js';
import { printerView } from '../../domain/printer-view.js';
import { voidedSale } from '../../domain/void.js';
import {
  REFUND_METHODS,
  refundReceipt,
  returnableSale,
  returnCandidate,
  returnView,
} from '../../domain/returns.js';
import { fieldSays } from '../../domain/i18n/said.js';

// ---- methods -----------------------------------------------------------------------------

const saleRef = z.strictObject({ saleId: z.string().min(1) });

export const methods = {
  recordSale: {
    /**
     * A new sale, money in minor units (for cash, the amount handed over: never sent), and a
     * manager's PIN for a discount above the limit (managerDiscountAbovePercent).
     */
    input: z
      .strictObject({ ...newSaleFields, ...approval })
      .transform(({ approval: pin, ...sale }, context) => ({
        sale: toNewSale(sale, context),
        approval: pin,
      })),
    /** Its receipt, to show and print at once. */
    output: receipt,
  },
  searchProducts: {
    input: z.strictObject({
      query: z.string().max(200).default(''),
      limit: z.number().int().min(1).max(500).default(200),
    }),
    output: z.array(product),
  },
  /** The product a scanned or typed code names: barcode or id exactly, else the first name match. */
  findProduct: {
    input: z.strictObject({ code: z.string().max(200) }),
    output: product.nullable(),
  },
  /** A sale's receipt as it is now (its platform state too); the newest sale when left out. */
  getReceipt: {
    input: z.strictObject({ saleId: z.string().min(1).optional() }),
    output: receipt,
  },
  /** The open cart and the held ones, as the counter left them (a reload loses nothing). */
  getCounter: { input: z.strictObject({}).default({}), output: counterState },
  /** Saves the open cart as it is now: called on every change. */
  saveCart: {
    input: z.strictObject({ cart: cartContent }),
    output: z.object({ savedAt: z.number() }),
  },
  /** Puts the cart aside with a note, to serve the next customer. */
  holdCart: {
    input: z.strictObject({
      cart: cartContent,
      note: z
        .string()
        .max(MAX_HOLD_NOTE, fieldSays('errors.text.atMostCharacters', { max: MAX_HOLD_NOTE }))
        .default(''),
    }),
    output: counterState,
  },
  /** Brings a held cart back; a cart with lines on the counter is held meanwhile. */
  recallCart: {
    input: z.strictObject({ cartId: z.string().min(1), cart: cartContent }),
    output: counterState,
  },
  /** Charges the cart: the sale is recorded and the cart cleared in one step. */
  /** A manager's PIN comes along for a discount above the limit. */
  chargeCart: { input: z.strictObject({ cart: cartContent, ...approval }), output: receipt },
  getDayTotals: {
    /** A day as YYYY-MM-DD in the till's time zone; today when left out. */
    input: z.strictObject({ date: z.string().optional() }),
    output: dayTotals,
  },
  searchCustomers: {
    input: z.strictObject({
      query: z.string().max(200).default(''),
      limit: z.number().int().min(1).max(200).default(50),
    }),
    output: z.array(customer),
  },
  importCatalog: {
    input: z.strictObject({
      format: z.enum(['json', 'csv']),
      text: z.string().max(20 * 1024 * 1024),
    }),
    output: z.object({ products: z.number(), customers: z.number() }),
  },
  getStatus: { input: z.strictObject({}).default({}), output: syncStatus },
  listSales: {
    input: z.strictObject({
      state: outboxState.optional(),
      limit: z.number().int().min(1).max(500).default(50),
      before: z.number().int().positive().optional(),
    }),
    output: z.object({ sales: z.array(saleSummary), nextBefore: z.number().nullable() }),
  },
  getSale: { input: saleRef, output: saleView },
  listRefused: {
    input: z.strictObject({}).default({}),
    output: z.array(refusedSummary),
  },
  retryRefused: { input: saleRef, output: refusedChange },
  editRefused: {
    /** The sale as corrected, money in minor units: it must keep the total and cash-or-not. */
    input: saleRef.extend({ sale: correctedSale, checkedPlatform: z.boolean().optional() }),
    output: refusedChange,
  },
  discardRefused: { input: saleRef.extend({ reason: z.string() }), output: refusedChange },
  /** A sale never sent, taken back with a reason (a manager's, where the till has cashiers). */
  voidSale: { input: saleRef.extend({ reason: z.string(), ...approval }), output: voidedSale },
  /** The sale a return is made against, by receipt number or the code scanned off its receipt. */
  findSaleForReturn: { input: z.strictObject({ receipt: z.string() }), output: returnableSale },
  /** Sales of a day (YYYY-MM-DD), of a charged total or of a customer, in the archives too. */
  searchSalesForReturn: {
    input: z.strictObject({
      day: z.string().optional(),
      amountMinor: z.number().optional(),
      customer: z.string().optional(),
      limit: z.number().optional(),
    }),
    output: z.array(returnCandidate),
  },
  /** A return with a reason (no lines: everything left); answers its refund receipt. */
  recordReturn: {
    input: z.strictObject({
      receipt: z.string(),
      reason: z.string(),
      lines: z.array(z.strictObject({ lineNumber: z.number(), quantity: z.number() })).optional(),
      refund: z.enum(REFUND_METHODS).optional(),
      ...approval,
    }),
    output: refundReceipt,
  },
  getRefundReceipt: { input: z.strictObject({ returnNumber: z.number() }), output: refundReceipt },
  listReturns: {
    input: z.strictObject({ from: z.number().optional(), to: z.number().optional() }).default({}),
    output: z.array(returnView),
  },
  resyncNow: { input: z.strictObject({}).default({}), output: drainSummary },
  getSettings: { input: z.strictObject({}).default({}), output: settingsView },
  updateSettings: {
    /** The till's settings (their own rules), the platform's and the desktop app's. */
    input: settingsPatch.extend({
      baseUrl: z.string().nullable().optional(),
      concurrency: z.number().optional(),
      startAtLogin: z.boolean().optional(),
    }),
    output: settingsView,
  },
  /** Where the metrics go: an address or null to stop that way out. */
  updateMonitoring: {
    input: z.strictObject({
      listen: z.string().nullable().optional(),
      otlpEndpoint: z.string().nullable().optional(),
      pushgatewayUrl: z.string().nullable().optional(),
      pushIntervalSeconds: z.number().optional(),
    }),
    output: settingsView,
  },
  exportSales: {
    input: z.strictObject({
      from: z.string().optional(),
      to: z.string().optional(),
      format: z.enum(['csv', 'json']),
    }),
    output: z.object({
      fileName: z.string(),
      mimeType: z.string(),
      text: z.string(),
      count: z.number(),
    }),
  },
  backupNow: {
    input: z.strictObject({}).default({}),
    output: z.object({ file: z.string(), at: z.number(), bytes: z.number(), sales: z.number() }),
  },
  setApiKey: {
    input: z.strictObject({ key: z.string().min(1).max(8192) }),
    /** The saved key, checked against the platform at once (null: no platform set yet). */
    output: settingsView.extend({
      keyCheck: z
        .object({
          verdict: z.enum(['accepted', 'refused', 'unreachable', 'wrong_address', 'unclear']),
          message: z.string(),
        })
        .nullable(),
    }),
  },
  clearApiKey: { input: z.strictObject({}).default({}), output: settingsView },

  // The trading day: shifts, the drawer, cashiers and the X and Z reports.
  ...tradingMethods,
  // The receipt printer and its queue.
  ...printerMethods,
} as const;

// ---- events ------------------------------------------------------------------------------

export const events = {
  /** Coalesced: at most a few a second, whatever the drain rate. */
  status: syncStatus,
  /**
   * The sales that changed since the last event, as they are now, newest first (at most
   * the newest SALES_CHANGED_LIMIT of them: a screen shows the newest sales; counts come
   * with the status).
   */
  salesChanged: z.object({ sales: z.array(saleSummary), more: z.boolean() }),
  /** The printer's state and queue, when a job printed or failed, or one was added. */
  printer: printerView,
} as const;

// ---- results and the API both transports offer -------------------------------------------

/** The contract's results are the one Result type (domain/result.ts), errors and all. */
export type ContractError = AppError;
export type ContractResult<T> = Result<T>;

export type MethodName = keyof typeof methods;
export type MethodInput<M extends MethodName> = z.input<(typeof methods)[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<(typeof methods)[M]['output']>;
export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

/** What the renderer sees, over IPC or over the console. */
export type TillsyncApi = {
  [M in MethodName]: (input: MethodInput<M>) => Promise<ContractResult<MethodOutput<M>>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

// The plain-data name lists (names.ts) must name exactly these methods and events.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatch: [
  Same<MethodName, (typeof METHOD_NAMES)[number]>,
  Same<EventName, (typeof EVENT_NAMES)[number]>,
] = [true, true];
void namesMatch;

export { EVENT_NAMES, METHOD_NAMES };
export { closePreview, shiftState, type ShiftState } from './trading-methods.js';
