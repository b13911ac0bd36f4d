// The shapes the contract's methods and events share: a sale as the UI sends it, the sync
// status, sale summaries and details, the settings view, a drain's summary. zod only, so
// the renderer (no Node) can read their types through contract.ts.
import { z } from 'zod';
import { OUTBOX_STATES, RECEIPT_WIDTHS } from '../../domain/sale-states.js';

// Strict: an unknown field is refused here, not quietly dropped.
export const saleInput = z.strictObject({
  shopId: z.string().optional(),
  items: z.array(
    z.strictObject({ productId: z.string(), quantity: z.number(), price: z.number() }),
  ),
  paymentMethod: z.string(),
  customerId: z.string().optional(),
});

export const outboxState = z.enum(OUTBOX_STATES);
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

export const saleSummary = z.object({
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

export const saleDetail = saleSummary
  .omit({ state: true, lastErrorReason: true, uncertain: true })
  .extend({
    total: z.number(),
    tenderedMinor: z.number().nullable(),
    changeMinor: z.number().nullable(),
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

export const conflictChange = z.object({
  saleId: z.string(),
  receiptNumber: z.number(),
  state: z.enum(['pending', 'discarded']),
  revision: z.number(),
});

export const product = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  priceMinor: z.number(),
  category: z.string().nullable(),
  barcode: z.string().nullable(),
});

export const customer = z.object({
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
    shopName: z.string(),
    receiptWidth: z.enum(RECEIPT_WIDTHS),
    printAfterSale: z.boolean(),
    confirmAboveAmount: z.number(),
    confirmAboveQuantity: z.number(),
    backupsKept: z.number(),
    archiveAfterMonths: z.number(),
    /** The rules a sale's lines must meet (the agent's, shown by the till as it types). */
    limits: z.object({
      maxQuantity: z.number(),
      quantityDecimals: z.number(),
      cashMethod: z.string(),
    }),
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

export const drainSummary = z.object({
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

/** A receipt, to print or reprint: everything on it comes from the till's own records. */
export const receipt = z.object({
  shopName: z.string(),
  tillName: z.string(),
  saleId: z.string(),
  receiptNumber: z.number(),
  createdAt: z.number(),
  currency: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      unitPriceMinor: z.number(),
      lineTotalMinor: z.number(),
    }),
  ),
  totalMinor: z.number(),
  paymentMethod: z.string(),
  tenderedMinor: z.number().nullable(),
  changeMinor: z.number().nullable(),
  customerName: z.string().nullable(),
  state: outboxState,
});

const amount = z.object({ count: z.number(), totalMinor: z.number() });

/** One day's takings on this till, in its local time zone. */
export const dayTotals = z.object({
  date: z.string(),
  from: z.number(),
  to: z.number(),
  currency: z.string(),
  /** Every sale of the day but the discarded ones. */
  sales: amount,
  byPaymentMethod: z.array(amount.extend({ paymentMethod: z.string() })),
  cashExpectedMinor: z.number(),
  refused: amount,
  waiting: amount,
  discarded: amount,
});
