// Days as a till with no time zone set keeps them: in the zone of the process running the test.
import { systemTimeZone } from '../../db/till-time-zone.js';
import { dayOf, dayRange } from '../../domain/time-zone.js';

/** A day's bounds in ms in this process's zone. */
export const localDay = (day: string) => dayRange(day, systemTimeZone());

/** The day a moment falls on in this process's zone. */
export const localDayOf = (ms: number) => dayOf(ms, systemTimeZone());
