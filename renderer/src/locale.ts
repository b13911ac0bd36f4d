// The locale the till's numbers are typed and shown in, in the browser: the till's setting,
// else this browser's language (domain/locale.ts decides, the same rule as the agent's).
// Also the choices Settings offers, each named in its own language.
import { effectiveLocale } from '../../domain/locale.js';
import { LANGUAGES, languageOf, type Language } from '../../domain/i18n/messages.js';

/** Offered in Settings; any other tag Intl knows is taken too (the CLI sets one). */
export const COMMON_LOCALES = [
  'en-US',
  'en-GB',
  'en-IN',
  'de-DE',
  'de-CH',
  'de-AT',
  'fr-FR',
  'fr-CH',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'pt-PT',
  'ja-JP',
] as const;

export const systemLocale = () => navigator.language;

/** The till's locale for numbers: its setting, else this browser's. */
export const tillLocale = (till: { locale: string | null }) =>
  effectiveLocale(till.locale, systemLocale());

/** A name as a menu item starts: "français (France)" is "Français (France)". */
const capitalized = (name: string, locale: string) =>
  name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);

/** A locale named in its own language: de-DE is "Deutsch (Deutschland)". */
export function ownName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], {
      type: 'language',
      languageDisplay: 'standard',
    }).of(locale);
    return name ? capitalized(name, locale) : locale;
  } catch {
    return locale;
  }
}

export interface LocaleGroup {
  /** The words' language; null for regions whose numbers and dates only are the locale's. */
  language: Language | null;
  /** The language named in itself ("Deutsch"); empty for the formats-only group. */
  name: string;
  locales: string[];
}

/**
 * The choices: each language the catalog speaks with its regions, then the regions whose
 * numbers and dates the till knows but whose words it shows in English. A setting outside
 * the list (typed in the CLI) is kept among them, so the menu never drops it.
 */
export function localeGroups(current: string | null): LocaleGroup[] {
  const known: string[] = [...COMMON_LOCALES];
  if (current && !known.includes(current)) known.push(current);
  const spoken = (tag: string) => (LANGUAGES as string[]).includes(tag.split('-')[0]!);
  const groups: LocaleGroup[] = LANGUAGES.map((language) => ({
    language,
    name: ownName(language),
    locales: known.filter((tag) => spoken(tag) && languageOf(tag) === language),
  }));
  const others = known.filter((tag) => !spoken(tag));
  return others.length ? [...groups, { language: null, name: '', locales: others }] : groups;
}
