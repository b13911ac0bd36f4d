// Till settings, one row per key with a JSON value. Every key has a zod schema and a
// default, so a missing or damaged row never stops the till.
import { z } from 'zod';
import { RECEIPT_WIDTHS } from '../domain/sale-states.js';
import { invalidInput } from './field-errors.js';
import { isKnownCurrency } from './money.js';
import type { TillDatabase } from './open.js';
import { fail, ok, type Result } from '../domain/result.js';
import { idSchema } from './sale-input.js';
import { settings } from './schema.js';

export const settingsShape = {
  currency: z
    .string()
    .refine(isKnownCurrency, 'must be a three-letter ISO 4217 currency code, like USD or KES')
    .default('USD'),
  paymentMethods: z
    .array(z.string().regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'must be upper-case letters, digits and _'))
    .min(1, 'must list at least one payment method')
    .max(20, 'must list at most 20 payment methods')
    .refine((methods) => new Set(methods).size === methods.length, 'must not repeat a method')
    .default(['CASH', 'MOBILE_MONEY']),
  shopId: idSchema.nullable().default(null),
  tillName: z.string().trim().min(1, 'must not be empty').max(64).default('Till 1'),
  /** Printed at the top of every receipt. */
  shopName: z.string().trim().min(1, 'must not be empty').max(64).default('My shop'),
  receiptWidth: z.enum(RECEIPT_WIDTHS, { error: 'must be 80mm or 58mm' }).default('80mm'),
  /** Print the receipt as soon as a sale is charged. */
  printAfterSale: z.boolean({ error: 'must be true or false' }).default(false),
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
};

export const settingsSchema = z.strictObject(settingsShape);
export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

const settingKeys = Object.keys(settingsShape) as SettingKey[];
// Without the defaults: zod applies a default even to an optional key, so a patch built
// with .partial() would reset every setting it does not name.
const patchSchema = z.strictObject(
  Object.fromEntries(settingKeys.map((key) => [key, settingsShape[key].unwrap().optional()])) as {
    [K in SettingKey]: z.ZodOptional<ReturnType<(typeof settingsShape)[K]['unwrap']>>;
  },
);

export interface SettingsStore {
  read(): Settings;
  update(patch: unknown, now?: number): Result<Settings>;
}

export function createSettingsStore({ db }: TillDatabase): SettingsStore {
  const selectAll = db.select().from(settings).prepare();

  function read(): Settings {
    const stored = new Map(selectAll.all().map((row) => [row.key, row.value]));
    const values = Object.fromEntries(
      settingKeys.map((key) => [key, parseStored(key, stored.get(key))]),
    );
    return settingsSchema.parse(values);
  }

  function update(patch: unknown, now = Date.now()): Result<Settings> {
    const parsed = patchSchema.safeParse(patch);
    if (!parsed.success) return fail(invalidInput('The settings are not valid', parsed.error));
    db.transaction((tx) => {
      for (const [key, value] of Object.entries(parsed.data)) {
        if (value === undefined) continue;
        const json = JSON.stringify(value);
        tx.insert(settings)
          .values({ key, value: json, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value: json, updatedAt: now } })
          .run();
      }
    });
    return ok(read());
  }

  return { read, update };
}

/** A stored value, or undefined (the default) when it is missing or no longer valid. */
function parseStored(key: SettingKey, json: string | undefined): unknown {
  if (json === undefined) return undefined;
  try {
    const parsed = settingsShape[key].safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
