// A reason quoted from the platform still ends a sentence, on the screens, the CLI and the
// doctor alike. Counted words ("1 product", "3 products") are the catalog's (domain/i18n).

/** The text as a sentence: a full stop added unless it already ends like one. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
