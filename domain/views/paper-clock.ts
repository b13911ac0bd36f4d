// Times as receipts and shift reports write them, in the till's time zone and language.
// English paper keeps "2026-11-25 09:30" (ISO order: one English for shops from Nairobi to
// New York, where 11/25 and 25/11 disagree; and what the CSV export and file names use);
// German, French and Spanish paper write the locale's own numeric date ("25.11.2026 09:30").
// No "now" here: a Z report shown again a year later reads the same.
import { languageOf } from '../i18n/messages.js';
import { localTimeParts } from './local-time.js';

export interface PaperClock {
  /** "2026-11-25 09:30" (or "25.11.2026 09:30" in de-DE). */
  dateTime: (ms: number) => string;
  /** Only the time when it falls on `sameDayAs`'s day. */
  timeOn: (ms: number, sameDayAs: number) => string;
}

/** The clock of a paper in `timeZone` (the runtime's when not given) and `locale`. */
export function paperClock(timeZone?: string, locale?: string): PaperClock {
  const localParts = localTimeParts(timeZone);
  const isoDay = (ms: number) => localParts(ms).date;
  let date: (ms: number) => string = isoDay;
  let time = (ms: number) => localParts(ms).time.slice(0, 5);
  if (locale !== undefined && languageOf(locale) !== 'en') {
    const day = new Intl.DateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const clock = new Intl.DateTimeFormat(locale, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    date = (ms) => day.format(ms);
    time = (ms) => clock.format(ms);
  }
  return {
    dateTime: (ms) => `${date(ms)} ${time(ms)}`,
    timeOn: (ms, sameDayAs) =>
      isoDay(ms) === isoDay(sameDayAs) ? time(ms) : `${date(ms)} ${time(ms)}`,
  };
}
