// The settings screen's view: the till's own settings, its backups, the platform settings
// (some fixed by the environment), what is known of the key, and where the data lives.
import { z } from 'zod';
import { settingsSchema } from './settings.js';
import { apiKeyInfo, SYNC_MODES } from './sync-status.js';

export const settingsView = z.object({
  till: settingsSchema.extend({
    currencyDecimals: z.number(),
    /** The zone the till's days and times follow: the setting, or the agent's computer's. */
    effectiveTimeZone: z.string(),
    /** The agent's computer's zone, which a till with no zone set follows. */
    systemTimeZone: z.string(),
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
  mode: z.enum(SYNC_MODES),
  /** Where the till's own data is, and the sandbox's (kept apart, never sent). */
  data: z.object({ folder: z.string(), sandboxFolder: z.string() }),
  /** Where the till's metrics go (never the token or the headers: only whether they are set). */
  monitoring: z.object({
    tillId: z.string(),
    listen: z.string().nullable(),
    /** The Prometheus endpoint's address as it runs now. */
    servedAt: z.string().nullable(),
    tokenSet: z.boolean(),
    otlpEndpoint: z.string().nullable(),
    otlpHeadersSet: z.boolean(),
    pushgatewayUrl: z.string().nullable(),
    pushIntervalSeconds: z.number(),
  }),
  /** Settings of the desktop app itself; null in the console. */
  desktop: z.object({ startAtLogin: z.boolean() }).nullable(),
});
export type SettingsView = z.infer<typeof settingsView>;
