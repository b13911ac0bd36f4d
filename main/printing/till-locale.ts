// The locale a till's paper speaks in a Node process (the agent, the daemon): its setting,
// else the system's as this process's environment names it (LC_ALL, LC_NUMERIC, LANG).
import { effectiveLocale, localeOfEnvironment } from '../../domain/locale.js';

export const tillLocale = (
  settings: { locale: string | null },
  systemLocale: string | undefined = localeOfEnvironment(process.env),
): string => effectiveLocale(settings.locale, systemLocale);
