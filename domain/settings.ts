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
import { fieldSays, saidIssue } from './i18n/said.js';

const MAX_METHODS = 20;

export const settingsShape = {
  currency: z.string().refine(isKnownCurrency, fieldSays('field.settings.currency')).default('USD'),
  /**
   * How people here write numbers (a BCP 47 tag, like de-DE): amounts and quantities are
   * typed and shown its way. null: the system's (the browser's language, LANG in a terminal).
   */
  locale: z
    .string({ error: fieldSays('field.settings.languageTag') })
    .trim()
    .refine((tag) => canonicalLocale(tag) !== undefined, fieldSays('field.settings.knownLocale'))
    .transform((tag) => canonicalLocale(tag) ?? tag)
    .nullable()
    .default(null),
  paymentMethods: z
    .array(z.string().regex(/^[A-Z][A-Z0-9_]{0,31}$/, fieldSays('field.settings.methodCode')))
    .min(1, fieldSays('field.settings.atLeastOneMethod'))
    .max(MAX_METHODS, fieldSays('field.settings.atMostMethods', { max: MAX_METHODS }))
    .refine(
      (methods) => new Set(methods).size === methods.length,
      fieldSays('field.settings.noRepeatedMethod'),
    )
    .default(DEFAULT_PAYMENT_METHODS),
  shopId: idSchema.nullable().default(null),
  tillName: z
    .string()
    .trim()
    .min(1, fieldSays('field.mustNotBeEmpty'))
    .max(64, fieldSays('field.atMostCharacters', { max: 64 }))
    .default('Till 1'),
  /** Printed at the top of every receipt. */
  shopName: z
    .string()
    .trim()
    .min(1, fieldSays('field.mustNotBeEmpty'))
    .max(64, fieldSays('field.atMostCharacters', { max: 64 }))
    .default('My shop'),
  /**
   * The shop's time zone (IANA name, like Europe/Berlin): where its days begin and end, and
   * the times on screens, receipts and reports. Null: the computer's own.
   */
  timeZone: z
    .string({ error: fieldSays('field.settings.timeZone') })
    .trim()
    .transform((name, context) => {
      const zone = canonicalTimeZone(name);
      if (zone) return zone;
      context.addIssue({ code: 'custom', ...saidIssue('field.settings.timeZone') });
      return z.NEVER;
    })
    .nullable()
    .default(null),
  receiptWidth: z
    .enum(RECEIPT_WIDTHS, { error: fieldSays('field.settings.receiptWidth') })
    .default('80mm'),
  /** Print the receipt as soon as a sale is charged. */
  printAfterSale: z.boolean({ error: fieldSays('field.mustBeTrueOrFalse') }).default(false),
  /**
   * The receipt printer spoken to directly (tcp://, serial:// or system://); null: receipts
   * go through the print dialog. TILLSYNC_PRINTER sets it for every process instead.
   */
  printerAddress: z
    .string({ error: fieldSays('field.settings.printerAddress') })
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
    .enum(PRINTER_PROFILE_IDS, { error: fieldSays('field.settings.printerProfile') })
    .default(DEFAULT_PRINTER_PROFILE),
  /** A cash drawer is plugged into the receipt printer's drawer port. */
  cashDrawer: z.boolean({ error: fieldSays('field.mustBeTrueOrFalse') }).default(false),
  /** Open the drawer when a sale paid in cash is charged (with a drawer set up). */
  openDrawerAfterCash: z.boolean({ error: fieldSays('field.mustBeTrueOrFalse') }).default(true),
  /** Ask "are you sure?" before charging more than this (major units); 0: never ask. */
  confirmAboveAmount: z
    .number({ error: fieldSays('field.mustBeNumber') })
    .min(0, fieldSays('field.zeroNeverAskOrMore'))
    .max(1_000_000_000, fieldSays('field.atMost', { max: 1_000_000_000 }))
    .default(1000),
  /** ...or when a line's quantity is above this; 0: never ask. */
  confirmAboveQuantity: z
    .number({ error: fieldSays('field.mustBeNumber') })
    .min(0, fieldSays('field.zeroNeverAskOrMore'))
    .max(1_000_000, fieldSays('field.atMost', { max: 1_000_000 }))
    .default(100),
  /** How many daily backups to keep in <data>/backups; 0 turns them off. */
  backupsKept: z
    .number()
    .int()
    .min(0, fieldSays('field.zeroOffOrMore'))
    .max(365, fieldSays('field.atMost', { max: 365 }))
    .default(7),
  /** Synced sales older than this many months move to yearly archive files; 0: never. */
  archiveAfterMonths: z
    .number()
    .int()
    .min(0, fieldSays('field.zeroNeverOrMore'))
    .max(120, fieldSays('field.atMostTenYears', { max: 120 }))
    .default(13),
  /** Closing asks for the count before it shows the cash expected. */
  blindClose: z.boolean({ error: fieldSays('field.mustBeTrueOrFalse') }).default(false),
  /** A close whose over/short is more than this (minor units) needs a note; 0: any difference. */
  closeNoteAboveMinor: z
    .number({ error: fieldSays('field.mustBeAmount') })
    .int(fieldSays('field.wholeMinorUnits'))
    .min(0, fieldSays('field.mustNotBeNegative'))
    .max(1e12, fieldSays('field.tooLarge'))
    .default(500),
  /** Cash out (or a safe drop) above this needs a manager's PIN (minor units); 0: always. */
  managerCashOutAboveMinor: z
    .number({ error: fieldSays('field.mustBeAmount') })
    .int(fieldSays('field.wholeMinorUnits'))
    .min(0, fieldSays('field.mustNotBeNegative'))
    .max(1e12, fieldSays('field.tooLarge'))
    .default(5000),
  /** A discount above this percent of what it applies to needs a manager's PIN; 0: any. */
  managerDiscountAbovePercent: z
    .number({ error: fieldSays('field.mustBePercent') })
    .int(fieldSays('field.wholePercent'))
    .min(0, fieldSays('field.mustNotBeNegative'))
    .max(100, fieldSays('field.atMost', { max: 100 }))
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
