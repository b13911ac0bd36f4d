// The till's words: one catalog (locales/*.json, ICU MessageFormat) for the renderer, the
// CLI and the main process. The language follows the till's effective locale (de-CH → de);
// numbers inside messages are formatted in that full locale. No Node here: the renderer
// imports this too.
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import en from './locales/en.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };

/** A message's key: English is the reference, so a key it lacks does not compile. */
export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, PrimitiveType>;

/** Every language the till speaks, English first (the fallback). */
export const CATALOGS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  en,
  de,
  fr,
  es,
};
export type Language = 'en' | 'de' | 'fr' | 'es';
export const LANGUAGES = Object.keys(CATALOGS) as Language[];

/** The catalog's language for a locale: de-DE and de-CH are German, anything unknown English. */
export function languageOf(locale: string): Language {
  const primary = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return (LANGUAGES as string[]).includes(primary) ? (primary as Language) : 'en';
}

export interface Translator {
  readonly locale: string;
  readonly language: Language;
  readonly t: (key: MessageKey, values?: MessageValues) => string;
}

// Parsing a message is the costly part: each (locale, key) is compiled once per process.
const compiled = new Map<string, IntlMessageFormat>();

function compile(locale: string, language: Language, key: MessageKey): IntlMessageFormat {
  const id = `${locale}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    // A missing translation falls back to English (the catalog test keeps this from shipping).
    const text = CATALOGS[language]?.[key] ?? CATALOGS.en?.[key];
    if (text === undefined) throw new Error(`No message "${key}" in the catalog.`);
    format = new IntlMessageFormat(text, locale);
    compiled.set(id, format);
  }
  return format;
}

/** The till's words in `locale` (a canonical BCP 47 tag: see effectiveLocale). */
export function translator(locale: string): Translator {
  const language = languageOf(locale);
  return {
    locale,
    language,
    t: (key, values) => String(compile(locale, language, key).format(values)),
  };
}

/** English in en-US: for what has no locale at hand yet (the screens, until they pass one). */
export const english = translator('en-US');
