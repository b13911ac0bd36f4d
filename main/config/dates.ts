// Dates typed by a person on the command line: a day (YYYY-MM-DD, in the till's local
// time zone) or a full ISO 8601 timestamp.
import { z } from 'zod';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(text: string): Date | undefined {
  const match = DAY.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  const real =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real ? date : undefined;
}

/**
 * A bound of a date range in ms. A bare day given as `to` includes that whole day, so
 * `--from 2026-11-01 --to 2026-11-30` covers all of November.
 */
export const dateBound = (edge: 'from' | 'to') =>
  z.string().transform((text, context) => {
    const day = parseDay(text);
    if (day) {
      if (edge === 'to') day.setDate(day.getDate() + 1);
      return day.getTime();
    }
    const ms = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : NaN;
    if (Number.isNaN(ms)) {
      context.addIssue({
        code: 'custom',
        message: 'must be a date like 2026-11-21 or a timestamp like 2026-11-21T09:30:00Z',
      });
      return z.NEVER;
    }
    return ms;
  });
