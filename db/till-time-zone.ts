// The till's time zone as this process (agent, CLI) keeps it: the setting, or the computer's
// own. Screens never ask their browser: they take this zone from the settings view.
import { effectiveTimeZone } from '../domain/time-zone.js';
import type { Settings } from '../domain/settings.js';

/** The zone the operating system gives this process (TZ, or the computer's setting). */
export const systemTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone the till's days and times follow. */
export const tillTimeZone = (settings: Pick<Settings, 'timeZone'>): string =>
  effectiveTimeZone(settings.timeZone, systemTimeZone());
