// Dates typed by a person on the command line: a day (YYYY-MM-DD, in the till's time zone)
// or a full ISO 8601 timestamp.
import { z } from 'zod';
import { dayRange } from '../../domain/time-zone.js';
import { fieldSays } from '../../domain/i18n/said.js';

const NOT_A_DATE = fieldSays('errors.date.notADate');

/**
 * A bound of a date range in ms. A bare day given as `to` includes that whole day, so
 * `--from 2026-11-01 --to 2026-11-30` covers all of November (in the till's zone).
 */
export const dateBound = (edge: 'from' | 'to', timeZone: string) =>
  z.string().transform((text, context) => {
    const day = dayRange(text, timeZone);
    if (day) return edge === 'to' ? day.to : day.from;
    const ms = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : NaN;
    if (Number.isNaN(ms)) {
      context.addIssue({
        code: 'custom',
        message: NOT_A_DATE,
      });
      return z.NEVER;
    }
    return ms;
  });
