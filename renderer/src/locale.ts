// The locale the till's numbers are typed and shown in, in the browser: the till's setting,
// else this browser's language (domain/locale.ts decides, the same rule as the agent's).
import { effectiveLocale } from '../../domain/locale';

/** Offered in Settings; any other tag Intl knows is taken too. */
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
