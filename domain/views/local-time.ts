// Local times written the same way whatever the locale: "2026-11-21 09:30:05", built part by
// part in the given time zone (the till's when not given). The sales export and the shift
// reports both write times so; a reprint or a re-export a year later reads the same.

/** Year to second, two digits each, on a 24-hour clock, in the zone given. */
export const localTimeOptions = (timeZone?: string): Intl.DateTimeFormatOptions => ({
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A function giving a moment's local date ("2026-11-21") and time ("09:30:05"). */
export function localTimeParts(timeZone?: string) {
  const format = new Intl.DateTimeFormat('en-US', localTimeOptions(timeZone));
  return (ms: number) => {
    const parts: Record<string, string> = {};
    for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
    return {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      time: `${parts.hour}:${parts.minute}:${parts.second}`,
    };
  };
}

/** A moment as a person reads it: the locale's way (the runtime's when not given), in the zone. */
export const shownTime = (ms: number, timeZone: string | undefined, locale?: string): string =>
  new Date(ms).toLocaleString(locale, { timeZone });
