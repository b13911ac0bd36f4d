// The till's own settings: every key with its rule, its words for a bad value and its
// default. The store keeps them (db/settings.ts), the settings screen shows them
// (settings-view.ts), the contract checks a change against them.
import { z } from 'zod';
import { canonicalLocale } from './locale.js';
import { isKnownCurrency } from './money.js';
import { DEFAULT_PAYMENT_METHODS } from './payment-methods.js';
import { RECEIPT_WIDTHS } from './sale-states.js';
import { idSchema } from './sale-input.js';
import { parsePrinterAddress } from './printer-address.js';
import { DEFAULT_PRINTER_PROFILE, PRINTER_PROFILE_IDS } from './printer-profiles.js';
import { canonicalTimeZone } from './time-zone.js';

export const settingsShape = {
  currency: z
    .string()
    .refine(isKnownCurrency, 'must be a three-letter ISO 4217 currency code, like USD or KES')
    .default('USD'),
  /**
   * How people here write numbers (a BCP 47 tag, like de-DE): amounts and quantities are
   * typed and shown its way. null: the system's (the browser's language, LANG in a terminal).
   */
  locale: z
    .string({ error: 'must be a language tag, like en-US or de-DE' })
    .trim()
    .refine(
      (tag) => canonicalLocale(tag) !== undefined,
      'must be a language and region this till knows, like en-US, de-DE or fr-FR',
    )
    .transform((tag) => canonicalLocale(tag) ?? tag)
    .nullable()
    .default(null),
  paymentMethods: z
    .array(z.string().regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'must be upper-case letters, digits and _'))
    .min(1, 'must list at least one payment method')
    .max(20, 'must list at most 20 payment methods')
    .refine((methods) => new Set(methods).size === methods.length, 'must not repeat a method')
    .default(DEFAULT_PAYMENT_METHODS),
  shopId: idSchema.nullable().default(null),
  tillName: z.string().trim().min(1, 'must not be empty').max(64).default('Till 1'),
  /** Printed at the top of every receipt. */
  shopName: z.string().trim().min(1, 'must not be empty').max(64).default('My shop'),
  /**
   * The shop's time zone (IANA name, like Europe/Berlin): where its days begin and end, and
   * the times on screens, receipts and reports. Null: the computer's own.
   */
  timeZone: z
    .string({ error: 'must be a time zone like Europe/Berlin' })
    .trim()
    .transform((name, context) => {
      const zone = canonicalTimeZone(name);
      if (zone) return zone;
      context.addIssue({ code: 'custom', message: 'must be a time zone like Europe/Berlin' });
      return z.NEVER;
    })
    .nullable()
    .default(null),
  receiptWidth: z.enum(RECEIPT_WIDTHS, { error: 'must be 80mm or 58mm' }).default('80mm'),
  /** Print the receipt as soon as a sale is charged. */
  printAfterSale: z.boolean({ error: 'must be true or false' }).default(false),
  /**
   * The receipt printer spoken to directly (tcp://, serial:// or system://); null: receipts
   * go through the print dialog. TILLSYNC_PRINTER sets it for every process instead.
   */
  printerAddress: z
    .string({ error: 'must be a printer address' })
    .trim()
    .superRefine((text, context) => {
      const parsed = parsePrinterAddress(text);
      if (!parsed.ok)
        context.addIssue({
          code: 'custom',
          message: parsed.error.message,
          params: { say: parsed.error.say },
        });
    })
    .nullable()
    .default(null),
  printerProfile: z
    .enum(PRINTER_PROFILE_IDS, { error: 'must be one of the printers listed in Settings' })
    .default(DEFAULT_PRINTER_PROFILE),
  /** A cash drawer is plugged into the receipt printer's drawer port. */
  cashDrawer: z.boolean({ error: 'must be true or false' }).default(false),
  /** Open the drawer when a sale paid in cash is charged (with a drawer set up). */
  openDrawerAfterCash: z.boolean({ error: 'must be true or false' }).default(true),
  /** Ask "are you sure?" before charging more than this (major units); 0: never ask. */
  confirmAboveAmount: z
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 (never ask) or more')
    .max(1_000_000_000, 'must be at most 1000000000')
    .default(1000),
  /** ...or when a line's quantity is above this; 0: never ask. */
  confirmAboveQuantity: z
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 (never ask) or more')
    .max(1_000_000, 'must be at most 1000000')
    .default(100),
  /** How many daily backups to keep in <data>/backups; 0 turns them off. */
  backupsKept: z
    .number()
    .int()
    .min(0, 'must be 0 (off) or more')
    .max(365, 'must be at most 365')
    .default(7),
  /** Synced sales older than this many months move to yearly archive files; 0: never. */
  archiveAfterMonths: z
    .number()
    .int()
    .min(0, 'must be 0 (never) or more')
    .max(120, 'must be at most 120 (ten years)')
    .default(13),
  /** Closing asks for the count before it shows the cash expected. */
  blindClose: z.boolean({ error: 'must be true or false' }).default(false),
  /** A close whose over/short is more than this (minor units) needs a note; 0: any difference. */
  closeNoteAboveMinor: z
    .number({ error: 'must be an amount' })
    .int('must be in whole minor units (cents)')
    .min(0, 'must not be negative')
    .max(1e12, 'is too large')
    .default(500),
  /** Cash out (or a safe drop) above this needs a manager's PIN (minor units); 0: always. */
  managerCashOutAboveMinor: z
    .number({ error: 'must be an amount' })
    .int('must be in whole minor units (cents)')
    .min(0, 'must not be negative')
    .max(1e12, 'is too large')
    .default(5000),
  /** A discount above this percent of what it applies to needs a manager's PIN; 0: any. */
  managerDiscountAbovePercent: z
    .number({ error: 'must be a percent' })
    .int('must be a whole percent, like 20')
    .min(0, 'must not be negative')
    .max(100, 'must be at most 100')
    .default(20),
};

export const settingsSchema = z.strictObject(settingsShape);
export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

export const SETTING_KEYS = Object.keys(settingsShape) as SettingKey[];
// Without the defaults: zod applies a default even to an optional key, so a patch built
// with .partial() would reset every setting it does not name.
/** A change to some settings: each key optional, and no default filled in. */
export const settingsPatch = z.strictObject(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, settingsShape[key].unwrap().optional()])) as {
    [K in SettingKey]: z.ZodOptional<ReturnType<(typeof settingsShape)[K]['unwrap']>>;
  },
);
