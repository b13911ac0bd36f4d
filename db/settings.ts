// Till settings, one row per key with a JSON value. Every key has a zod schema and a
// default, so a missing or damaged row never stops the till.
import { fail, ok, type Result } from '../domain/result.js';
import {
  SETTING_KEYS,
  settingsSchema,
  settingsPatch,
  settingsShape,
  type SettingKey,
  type Settings,
} from '../domain/settings.js';
import { invalidInput } from './field-errors.js';
import type { TillDatabase } from './open.js';
import { settings } from './schema.js';
import { said } from '../domain/i18n/said.js';

export { settingsSchema, settingsShape, type SettingKey, type Settings };

export interface SettingsStore {
  read(): Settings;
  update(patch: unknown, now?: number): Result<Settings>;
}

export function createSettingsStore({ db }: TillDatabase): SettingsStore {
  const selectAll = db.select().from(settings).prepare();

  function read(): Settings {
    const stored = new Map(selectAll.all().map((row) => [row.key, row.value]));
    const values = Object.fromEntries(
      SETTING_KEYS.map((key) => [key, parseStored(key, stored.get(key))]),
    );
    return settingsSchema.parse(values);
  }

  function update(patch: unknown, now = Date.now()): Result<Settings> {
    const parsed = settingsPatch.safeParse(patch);
    if (!parsed.success) return fail(invalidInput(said('store.settingsNotValid'), parsed.error));
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
