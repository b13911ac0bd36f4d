// The till's time zone and its days. A "day" (the day's totals, `tillsync day`, a search by
// day, an export from/to a day) runs from the first instant of that date in the till's zone
// to the first instant of the next: 23 hours on the day clocks go forward, 25 when they go
// back. Node-free: the renderer, the CLI and the agent all use these with the agent's zone.

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one is slow and days are asked for often. */
function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * The zone's own spelling ("europe/berlin" → "Europe/Berlin"), or undefined when unknown.
 * An alias stays as given: ICU would turn "Asia/Kolkata" into the older "Asia/Calcutta".
 */
export function canonicalTimeZone(name: string): string | undefined {
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return undefined;
  }
}

/** The zone the till keeps its days in: the setting, or the system's when none is set. */
export function effectiveTimeZone(setting: string | null, systemZone: string): string {
  return (setting === null ? undefined : canonicalTimeZone(setting)) ?? systemZone;
}

/** The date (YYYY-MM-DD) a moment falls on in the zone. */
export function dayOf(ms: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of dateFormat(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  // Years before 1000 or after 9999 are not days a till records.
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const HOUR = 3_600_000;

/** The first instant whose date in the zone is `day` or later. */
function startOf(utcMidnight: number, timeZone: string): number {
  const day = dayOf(utcMidnight, 'UTC');
  // Offsets lie within -12 h and +14 h: 15 h either side of UTC midnight holds the start.
  let before = utcMidnight - 15 * HOUR; // still the day before
  let after = utcMidnight + 15 * HOUR; // already the day (or later)
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (dayOf(middle, timeZone) >= day) after = middle;
    else before = middle;
  }
  return after;
}

/** A real date as YYYY-MM-DD: its UTC midnight in ms, or undefined ("2026-02-30", "today"). */
function utcMidnightOf(day: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const ms = Date.UTC(year, month - 1, date);
  return dayOf(ms, 'UTC') === day ? ms : undefined;
}

/**
 * A day's bounds in ms, `from` included, `to` not: from its first instant in the zone (its
 * midnight, or the first moment after it where clocks skip midnight) to the next day's.
 * Undefined when the text is not a real date.
 */
export function dayRange(day: string, timeZone: string): { from: number; to: number } | undefined {
  const midnight = utcMidnightOf(day);
  if (midnight === undefined) return undefined;
  return {
    from: startOf(midnight, timeZone),
    to: startOf(midnight + 24 * HOUR, timeZone),
  };
}
