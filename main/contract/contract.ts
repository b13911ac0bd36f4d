// The one contract between the till UI and the agent: every method the UI can call and
// every event it receives, each with zod schemas. The agent validates every input with
// it; Electron's preload and the loopback console are both built from it; the renderer
// imports its types only. This file imports nothing but zod, so the renderer (no Node)
// can read its types.
import { z } from 'zod';
import { EVENT_NAMES, METHOD_NAMES } from './names.js';

// ---- shapes shared by several methods -------------------------------------------------

// Strict: an unknown field is refused here, not quietly dropped.
export const saleInput = z.strictObject({
  shopId: z.string().optional(),
  items: z.array(
    z.strictObject({ productId: z.string(), quantity: z.number(), price: z.number() }),
  ),
  paymentMethod: z.string(),
  customerId: z.string().optional(),
});

const outboxState = z.enum(['pending', 'sending', 'synced', 'conflict', 'discarded']);
const counts = z.record(outboxState, z.number());

export const apiKeyInfo = z.object({
  set: z.boolean(),
  kind: z.enum(['jwt', 'opaque']).optional(),
  expiresAt: z.number().optional(),
  scopes: z.array(z.string()).optional(),
  subject: z.string().optional(),
});

export const syncStatus = z.object({
  mode: z.enum(['platform', 'sandbox', 'not_configured']),
  baseUrl: z.string().nullable(),
  apiKey: apiKeyInfo,
  connection: z.enum(['unknown', 'online', 'offline', 'authorization']),
  paused: z.object({ reason: z.string(), since: z.number().nullable() }).nullable(),
  counts,
  stale: z.number(),
  oldestPendingAgeMs: z.number().nullable(),
  lastSuccessAt: z.number().nullable(),
  lastContactAt: z.number().nullable(),
  nextAttemptAt: z.number().nullable(),
  lastError: z
    .object({ code: z.string(), message: z.string(), at: z.number().nullable() })
    .nullable(),
  clockSkewMs: z.number().nullable(),
  uncertain: z.number(),
  keysHonoured: z.boolean(),
  throttledUntil: z.number().nullable(),
  clockStep: z.object({ ms: z.number(), at: z.number() }).nullable(),
  storageProblem: z.object({ what: z.string(), message: z.string(), since: z.number() }).nullable(),
  integrity: z.object({ checkedAt: z.number().nullable(), problem: z.string().nullable() }),
  sender: z.enum(['this process', 'another process', 'none']),
});

const saleSummary = z.object({
  id: z.string(),
  receiptNumber: z.number(),
  createdAt: z.number(),
  shopId: z.string().nullable(),
  customerId: z.string().nullable(),
  paymentMethod: z.string(),
  currency: z.string(),
  totalMinor: z.number(),
  state: outboxState,
  lastErrorReason: z.string().nullable(),
  uncertain: z.boolean(),
});

const saleDetail = saleSummary
  .omit({ state: true, lastErrorReason: true, uncertain: true })
  .extend({
    total: z.number(),
    items: z.array(
      z.object({
        lineNumber: z.number(),
        productId: z.string(),
        quantity: z.number(),
        price: z.number(),
        unitPriceMinor: z.number(),
        lineTotalMinor: z.number(),
      }),
    ),
    outbox: z.object({
      state: outboxState,
      idempotencyKey: z.string(),
      revision: z.number(),
      attempts: z.number(),
      nextAttemptAt: z.number().nullable(),
      lastHttpStatus: z.number().nullable(),
      lastErrorCode: z.string().nullable(),
      lastErrorReason: z.string().nullable(),
      remoteId: z.string().nullable(),
      syncedAt: z.number().nullable(),
      discardReason: z.string().nullable(),
      unansweredAttempts: z.number(),
      uncertain: z.boolean(),
    }),
  });

const conflictChange = z.object({
  saleId: z.string(),
  receiptNumber: z.number(),
  state: z.enum(['pending', 'discarded']),
  revision: z.number(),
});

const product = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  priceMinor: z.number(),
  category: z.string().nullable(),
});

const customer = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const settingsView = z.object({
  till: z.object({
    currency: z.string(),
    currencyDecimals: z.number(),
    paymentMethods: z.array(z.string()),
    shopId: z.string().nullable(),
    tillName: z.string(),
    backupsKept: z.number(),
    archiveAfterMonths: z.number(),
  }),
  backups: z.object({
    folder: z.string(),
    latest: z.object({ file: z.string(), at: z.number(), bytes: z.number() }).nullable(),
  }),
  platform: z.object({
    baseUrl: z.string().nullable(),
    concurrency: z.number(),
    /** Settings fixed by the environment or flags: shown, not editable here. */
    locked: z.record(z.string(), z.string()),
  }),
  apiKey: apiKeyInfo.extend({
    expiresSoon: z.boolean(),
    storage: z.enum(['os-encrypted', 'file', 'environment', 'none']),
  }),
  mode: z.enum(['platform', 'sandbox', 'not_configured']),
  /** Where the till's own data is, and the sandbox's (kept apart, never sent). */
  data: z.object({ folder: z.string(), sandboxFolder: z.string() }),
  /** Settings of the desktop app itself; null in the console. */
  desktop: z.object({ startAtLogin: z.boolean() }).nullable(),
});

const drainSummary = z.object({
  synced: z.number(),
  conflict: z.number(),
  paused: z.number(),
  deferred: z.number(),
  released: z.number(),
  failed: z.number(),
  skipped: z
    .enum(['not_configured', 'paused', 'offline', 'lease_held', 'stopping', 'storage', 'throttled'])
    .optional(),
});

// ---- methods -----------------------------------------------------------------------------

const saleRef = z.strictObject({ saleId: z.string().min(1) });

export const methods = {
  recordSale: {
    input: saleInput,
    output: z.object({
      id: z.string(),
      receiptNumber: z.number(),
      createdAt: z.number(),
      currency: z.string(),
      totalMinor: z.number(),
      state: z.literal('pending'),
    }),
  },
  searchProducts: {
    input: z.strictObject({
      query: z.string().max(200).default(''),
      limit: z.number().int().min(1).max(500).default(200),
    }),
    output: z.array(product),
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
  getSale: { input: saleRef, output: saleDetail },
  listConflicts: {
    input: z.strictObject({}).default({}),
    output: z.array(
      z.object({
        saleId: z.string(),
        receiptNumber: z.number(),
        createdAt: z.number(),
        totalMinor: z.number(),
        currency: z.string(),
        paymentMethod: z.string(),
        revision: z.number(),
        attempts: z.number(),
        httpStatus: z.number().nullable(),
        errorCode: z.string().nullable(),
        reason: z.string().nullable(),
        uncertain: z.boolean(),
      }),
    ),
  },
  retryConflict: { input: saleRef, output: conflictChange },
  editConflict: {
    input: saleRef.extend({ sale: saleInput, checkedPlatform: z.boolean().optional() }),
    output: conflictChange,
  },
  discardConflict: { input: saleRef.extend({ reason: z.string() }), output: conflictChange },
  resyncNow: { input: z.strictObject({}).default({}), output: drainSummary },
  getSettings: { input: z.strictObject({}).default({}), output: settingsView },
  updateSettings: {
    input: z.strictObject({
      currency: z.string().optional(),
      paymentMethods: z.array(z.string()).optional(),
      shopId: z.string().nullable().optional(),
      tillName: z.string().optional(),
      backupsKept: z.number().optional(),
      archiveAfterMonths: z.number().optional(),
      baseUrl: z.string().nullable().optional(),
      concurrency: z.number().optional(),
      startAtLogin: z.boolean().optional(),
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
} as const;

// ---- results and the API both transports offer -------------------------------------------

export interface ContractError {
  code: string;
  message: string;
  fields?: Array<{ path: string; message: string }>;
}

export type ContractResult<T> = { ok: true; value: T } | { ok: false; error: ContractError };

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
