// The till's words: one catalog (locales/<language>/<area>.json, ICU MessageFormat) for the renderer, the
// CLI and the main process. The language follows the till's effective locale (de-CH → de);
// numbers inside messages are formatted in that full locale. No Node here: the renderer
// imports this too.
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type { AppError, Said } from '../result.js';
import en from './locales/en/index.js';
import de from './locales/de/index.js';
import fr from './locales/fr/index.js';
import es from './locales/es/index.js';

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
  /** A message made with its key (i18n/said.ts) in this language; else its English text. */
  readonly say: (made: { message: string; say?: Said }) => string;
  /** An error's whole story in this language: its summary, then each field's problem. */
  readonly error: (error: AppError) => string;
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
  const t = (key: MessageKey, values?: MessageValues) =>
    String(compile(locale, language, key).format(values));
  const known = (key: string | undefined): key is MessageKey =>
    key !== undefined && key in CATALOGS.en!;
  // Values said themselves (a problem quoted in "line 3: {problem}") are said first.
  const valuesOf = (said: Said): MessageValues | undefined =>
    said.values &&
    Object.fromEntries(
      Object.entries(said.values).map(([name, value]) => [
        name,
        typeof value === 'object' ? (known(value.key) ? t(value.key, valuesOf(value)) : '') : value,
      ]),
    );
  const say = (made: { message: string; say?: Said }) =>
    // A key this catalog lacks (an agent newer than its screens) keeps the English text.
    made.say && known(made.say.key) ? t(made.say.key, valuesOf(made.say)) : made.message;
  const error = (problem: AppError) => {
    if (!problem.fields?.length) return say(problem);
    const summary = say({ message: problem.summary ?? problem.message, say: problem.say });
    const listed = problem.fields.map((field) => `${field.path || '(input)'}: ${say(field)}`);
    return `${summary}: ${listed.join('; ')}`;
  };
  return { locale, language, t, say, error };
}

/** English in en-US: for what has no locale at hand yet (the screens, until they pass one). */
export const english = translator('en-US');
