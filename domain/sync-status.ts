// The till's status and a drain's summary: what the engine reports, the status command
// prints and every screen shows (the state of sync, and the shift the till is in). Declared
// once here as zod; the engine, the store and the contract take their types from it
// (z.infer), and the contract test parses real answers.
import { z } from 'zod';
import { LINK_STATES } from './link.js';
import { SKIP_REASONS, type DeliveryOutcome } from './outcomes.js';
import { OUTBOX_STATES } from './sale-states.js';
import { shiftSummary } from './shift.js';

/** Where a till sends: a mode with a platform or sandbox to send to. */
export const SENDING_MODES = ['platform', 'sandbox'] as const;
export type SendingMode = (typeof SENDING_MODES)[number];
export const SYNC_MODES = [...SENDING_MODES, 'not_configured'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];

/** What may be shown about an API key: never the key itself. */
export const apiKeyInfo = z.object({
  set: z.boolean(),
  kind: z.enum(['jwt', 'opaque']).optional(),
  expiresAt: z.number().optional(),
  scopes: z.array(z.string()).optional(),
  subject: z.string().optional(),
  /**
   * Set, but where this process cannot read it: encrypted by the desktop app, or only in
   * the environment of the Tillsync process that sends (known from the key it paused for).
   */
  elsewhere: z.enum(['desktop_app', 'sender']).optional(),
});
export type ApiKeyInfo = z.infer<typeof apiKeyInfo>;

/** The sync engine cannot write to the database: what it was doing, and since when. */
export const storageProblem = z.object({
  what: z.string(),
  message: z.string(),
  since: z.number(),
});
export type StorageProblem = z.infer<typeof storageProblem>;

export const SENDERS = ['this process', 'another process', 'none'] as const;

export const syncStatus = z.object({
  mode: z.enum(SYNC_MODES),
  baseUrl: z.string().nullable(),
  apiKey: apiKeyInfo,
  /** Whether sales get through, as read at the moment of reading (domain/link.ts). */
  link: z.enum(LINK_STATES),
  paused: z.object({ reason: z.string(), since: z.number().nullable() }).nullable(),
  counts: z.record(z.enum(OUTBOX_STATES), z.number()),
  /** Pending longer than the stale setting: never dropped, but someone should look. */
  stale: z.number(),
  /** Sent without an answer, not proven stored once: may be on the platform twice. */
  uncertain: z.number(),
  /** Whether the platform was seen honouring Idempotency-Key (a resend is never doubled). */
  keysHonoured: z.boolean(),
  oldestPendingAgeMs: z.number().nullable(),
  lastSuccessAt: z.number().nullable(),
  /** When the platform last answered anything: a screen derives the link again from it. */
  lastContactAt: z.number().nullable(),
  nextAttemptAt: z.number().nullable(),
  /** The platform asked the whole queue to wait until then (429/503 Retry-After). */
  throttledUntil: z.number().nullable(),
  lastError: z
    .object({ code: z.string(), message: z.string(), at: z.number().nullable() })
    .nullable(),
  /** Platform clock minus till clock, when more than five minutes apart. */
  clockSkewMs: z.number().nullable(),
  /** The till's clock jumped by this much in the last day. */
  clockStep: z.object({ ms: z.number(), at: z.number() }).nullable(),
  /** The sync engine cannot write to the database (disk full, busy, read-only). */
  storageProblem: storageProblem.nullable(),
  /** The last weekly integrity check of the database file, and the damage it found. */
  integrity: z.object({ checkedAt: z.number().nullable(), problem: z.string().nullable() }),
  /** Who holds the sending lease right now. */
  sender: z.enum(SENDERS),
  /** The shift the till is in (open, or closing while the cash is counted); null: none open. */
  shift: shiftSummary.nullable(),
});
export type SyncStatus = z.infer<typeof syncStatus>;

/** Waiting: the sales not yet on the platform nor refused (pending and sending). */
export const waitingOf = (counts: SyncStatus['counts']): number => counts.pending + counts.sending;

/** A drain's count of each delivery outcome (a new outcome fails to compile until counted). */
const deliveryCounts = {
  synced: z.number(),
  refused: z.number(),
  paused: z.number(),
  requeued: z.number(),
  released: z.number(),
} satisfies Record<DeliveryOutcome, z.ZodNumber>;

export const drainSummary = z.object({
  ...deliveryCounts,
  /** Sales whose delivery threw (a bug or the store failing), left for the next drain. */
  failed: z.number(),
  skipped: z.enum(SKIP_REASONS).optional(),
});
export type DrainSummary = z.infer<typeof drainSummary>;
