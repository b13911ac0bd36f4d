// The till's locale: how its people write numbers (and, later, its words and dates). A
// setting holds a BCP 47 tag, or null for the system's: the browser's language in the
// renderer, LC_ALL / LC_NUMERIC / LANG in a Node process. One function says which applies.

/** When neither the setting nor the system names a locale this runtime knows. */
export const FALLBACK_LOCALE = 'en-US';

/** The tag in its canonical form ("de_de" is not one, "de-de" is "de-DE"), or undefined. */
export function canonicalLocale(tag: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim());
    if (canonical === undefined) return undefined;
    return Intl.NumberFormat.supportedLocalesOf(canonical).length > 0 ? canonical : undefined;
  } catch {
    return undefined;
  }
}

/** Whether Intl takes the tag at all (it may still fall back to another locale it knows). */
export function isWellFormedLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** The locale numbers are typed and shown in: the setting, else the system's, else en-US. */
export function effectiveLocale(
  setting: string | null | undefined,
  systemDefault: string | undefined,
): string {
  return (
    (setting ? canonicalLocale(setting) : undefined) ??
    (systemDefault ? canonicalLocale(systemDefault) : undefined) ??
    FALLBACK_LOCALE
  );
}

/** A POSIX locale name ("de_DE.UTF-8@euro") as a BCP 47 tag; undefined for C and POSIX. */
export function localeOfPosix(name: string | undefined): string | undefined {
  const base = name?.trim().split(/[.@]/)[0];
  if (!base || base === 'C' || base === 'POSIX') return undefined;
  return canonicalLocale(base.replace(/_/g, '-'));
}

/** The locale a Node process's environment asks for, as POSIX reads it (first set wins). */
export function localeOfEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const name = env.LC_ALL || env.LC_NUMERIC || env.LANG;
  return localeOfPosix(name);
}
