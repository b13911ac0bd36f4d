// A number as a person types it in their locale, read exactly into an integer scaled by
// `decimals` (minor units, thousandths). The locale's decimal separator is a decimal; its
// group separator groups, but only where groups can be; the other of "." and "," is a
// decimal where it cannot be a group. A text that two readings fit ("1.234" in German
// with three decimals allowed) is refused with both: nothing is ever guessed, and no digit
// is ever dropped or moved.
import { numberHabits, separatorChars, type NumberHabits } from './number-habits.js';

export type NumberReading =
  | { ok: true; scaled: number }
  | { ok: false; why: 'empty' | 'negative' | 'not_a_number' | 'too_large' }
  | { ok: false; why: 'too_many_decimals'; decimalsTyped: number }
  | { ok: false; why: 'ambiguous'; readings: readonly [grouped: number, decimal: number] };

const NOT_A_NUMBER = { ok: false, why: 'not_a_number' } as const;

/** `text` (no currency around it) in the locale, scaled to `decimals` digits. */
export function readScaled(text: string, locale: string, decimals: number): NumberReading {
  const typed = text.trim();
  if (typed === '') return { ok: false, why: 'empty' };
  if (/^[-\u2212]/.test(typed)) return { ok: false, why: 'negative' };
  const habits = numberHabits(locale);
  const split = splitDigits(typed, habits);
  if (!split) return NOT_A_NUMBER;
  const { runs, between } = split;
  if (between.length === 0) return scaledOf(runs[0]!, '', decimals);

  const grouped = validGroups(runs, between, habits) ? runs.join('') : undefined;
  const decimal = decimalReading(runs, between, habits);
  if (!decimal) return grouped === undefined ? NOT_A_NUMBER : scaledOf(grouped, '', decimals);
  const asDecimal = () => scaledOf(decimal.whole, decimal.fraction, decimals);
  if (between.at(-1) === habits.decimal) return asDecimal();
  // The group separator, or the other of "." and ",": a decimal only where it cannot group.
  const groupedHere = grouped ?? (couldGroup(runs, between, habits) ? runs.join('') : undefined);
  if (groupedHere === undefined) return asDecimal();
  if (decimal.fraction.length <= decimals) {
    const [a, b] = [scaledOf(groupedHere, '', decimals), asDecimal()];
    if (a.ok && b.ok) return { ok: false, why: 'ambiguous', readings: [a.scaled, b.scaled] };
    return a.ok ? b : a;
  }
  return grouped === undefined ? asDecimal() : scaledOf(grouped, '', decimals);
}

/** Digit runs and the single separators between them; undefined for anything else. */
function splitDigits(typed: string, habits: NumberHabits) {
  const separators = separatorChars(habits);
  const runs: string[] = [''];
  const between: string[] = [];
  for (const char of typed) {
    if (char >= '0' && char <= '9') runs[runs.length - 1] += char;
    else if (separators.includes(char)) {
      between.push(char);
      runs.push('');
    } else return undefined;
  }
  // Only the first run (",5") and the last ("20,") may be empty, and not both.
  if (runs.slice(1, -1).some((run) => run === '')) return undefined;
  if (runs[0] === '' && runs.at(-1) === '') return undefined;
  return { runs, between };
}

/** Whether every separator is the group's and every group has its size (12,34,567 in India too). */
function validGroups(runs: string[], between: string[], habits: NumberHabits): boolean {
  if (!between.every((char) => habits.groupChars.includes(char))) return false;
  return groupSizesFit(runs, habits);
}

function groupSizesFit(runs: string[], habits: NumberHabits): boolean {
  const [first = '', ...rest] = runs;
  if (first === '' || first.startsWith('0') || rest.length === 0) return false;
  const fits = (primary: number, secondary: number) =>
    first.length <= (rest.length === 1 ? Math.max(primary, secondary) : secondary) &&
    rest.at(-1)!.length === primary &&
    rest.slice(0, -1).every((run) => run.length === secondary);
  return fits(habits.primary, habits.secondary) || fits(habits.primary, habits.primary);
}

/** The last separator as a decimal (".", "," or the locale's); the ones before it group. */
function decimalReading(runs: string[], between: string[], habits: NumberHabits) {
  const last = between.at(-1)!;
  const before = between.slice(0, -1);
  if (last !== '.' && last !== ',' && last !== habits.decimal) return undefined;
  if (before.includes(last)) return undefined;
  const wholeRuns = runs.slice(0, -1);
  if (before.length > 0 && !validGroups(wholeRuns, before, habits)) return undefined;
  return { whole: wholeRuns.join('') || '0', fraction: runs.at(-1)! };
}

/** "." in France, "," in Zürich: not the locale's group, but where a group would be. */
function couldGroup(runs: string[], between: string[], habits: NumberHabits): boolean {
  return between.length === 1 && groupSizesFit(runs, habits);
}

function scaledOf(whole: string, fraction: string, decimals: number): NumberReading {
  if (fraction.length > decimals)
    return { ok: false, why: 'too_many_decimals', decimalsTyped: fraction.length };
  const digits = (whole + fraction.padEnd(decimals, '0')).replace(/^0+(?=\d)/, '');
  const scaled = Number(digits);
  if (!Number.isSafeInteger(scaled)) return { ok: false, why: 'too_large' };
  return { ok: true, scaled };
}

/** Exact decimal text of a scaled integer ("1234.500"), for Intl to format without floats. */
export function decimalText(scaled: number, decimals: number): `${number}` {
  const digits = String(scaled).padStart(decimals + 1, '0');
  return (
    decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
  ) as `${number}`;
}

/** A scaled integer as the locale writes it, without grouping: what a person would type. */
export function typedText(
  scaled: number,
  decimals: number,
  locale: string,
  minimumFractionDigits = decimals,
): string {
  return new Intl.NumberFormat(locale, {
    useGrouping: false,
    minimumFractionDigits,
    maximumFractionDigits: decimals,
  }).format(decimalText(scaled, decimals));
}
