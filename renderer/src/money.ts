// Times on screen, in the person's locale and the till's time zone (the agent's, from the
// settings view, so the screens, the CLI and the receipts agree whatever the browser's zone).
// Money is formatted by domain/views/money-format.ts.
import { shownTime } from '../../domain/views/local-time';
import { english, translator, type Translator } from '../../domain/i18n/messages';

let tillZone: string | undefined;
let tillWords: Translator = english;

/**
 * Called when the settings are read: every time shown from then on is in this zone, written
 * the way the till's locale writes dates.
 */
export const setTillPlace = (zone: string, locale: string) => {
  tillZone = zone;
  if (tillWords.locale !== locale) tillWords = translator(locale);
};

/** The till's zone; the browser's own only before the settings were first read. */
export const screenTimeZone = (): string =>
  tillZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

export const formatTime = (ms: number | null) =>
  ms === null ? tillWords.t('common.never') : shownTime(ms, screenTimeZone(), tillWords.locale);
