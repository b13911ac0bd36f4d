// How a locale writes a number, read from Intl itself (never a table of our own): its decimal
// separator, its group separator and the characters people type for it, and the sizes of
// its groups (3 and 3 in most places, 3 then 2 in India: 12,34,567).

export interface NumberHabits {
  decimal: string;
  /** The group separator Intl writes, like "," or "." or a narrow no-break space. */
  group: string;
  /** Every character accepted as that separator: a typed space for a no-break one. */
  groupChars: readonly string[];
  /** The digits in the last group, then in each one before it. */
  primary: number;
  secondary: number;
}

const SPACES = [' ', '\u00a0', '\u202f'];
const APOSTROPHES = ["'", '\u2019', '\u02bc'];
const cache = new Map<string, NumberHabits>();

export function numberHabits(locale: string): NumberHabits {
  let habits = cache.get(locale);
  if (habits === undefined) {
    habits = readHabits(locale);
    cache.set(locale, habits);
  }
  return habits;
}

function readHabits(locale: string): NumberHabits {
  const parts = new Intl.NumberFormat(locale, { useGrouping: 'always' }).formatToParts(
    1234567890.5,
  );
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const group = parts.find((part) => part.type === 'group')?.value ?? ',';
  const sizes = parts.filter((part) => part.type === 'integer').map((part) => part.value.length);
  const primary = sizes.at(-1) ?? 3;
  const secondary = sizes.length > 2 ? (sizes.at(-2) ?? primary) : primary;
  const family = [SPACES, APOSTROPHES].find((chars) => chars.includes(group)) ?? [group];
  return { decimal, group, groupChars: family, primary, secondary };
}

/** The characters that may stand between digits: "." and ",", the locale's decimal and group. */
export const separatorChars = (habits: NumberHabits) => [
  '.',
  ',',
  habits.decimal,
  ...habits.groupChars,
];
