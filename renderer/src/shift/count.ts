// The cash counted at the close: a count of each note and coin, or one amount. Read into the
// contract's count (minor units) with a live total, and each bad line named.
import type { Translator } from '../../../domain/i18n/messages.js';
import { countedMinorOf, type CashCount } from '../../../domain/shift.js';
import { amountOf, type MoneyTyping } from './amount.js';

export interface CountDraft {
  /** Counting note by note (false: one amount, also when the currency has no list). */
  byNotes: boolean;
  /** How many of each note or coin, as typed, by its value in minor units. */
  counts: Record<number, string>;
  amount: string;
}

export const emptyCount = (denominations: readonly number[]): CountDraft => ({
  byNotes: denominations.length > 0,
  counts: {},
  amount: '',
});

export type ReadCount =
  | { ok: true; count: CashCount; totalMinor: number }
  | { ok: false; problems: Record<string, string> };

/** The field id of a note's or coin's line on the counting form. */
export const countFieldId = (valueMinor: number) => `count-${valueMinor}`;
export const AMOUNT_FIELD = 'counted-amount';

/** How many of a note or coin a line says: empty is none; undefined when it is not a whole number. */
export function lineCount(text: string): number | undefined {
  if (text.trim() === '') return 0;
  return /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : undefined;
}

/** The count as the contract takes it, or the problem of each field (by field id). */
export function readCount(
  draft: CountDraft,
  denominations: readonly number[],
  typing: MoneyTyping,
  label: (valueMinor: number) => string,
  words: Translator,
): ReadCount {
  if (!draft.byNotes || denominations.length === 0) {
    const amount = amountOf(draft.amount, typing, words.t('shift.count.amount'), words);
    return amount.ok
      ? { ok: true, count: { countedMinor: amount.minor }, totalMinor: amount.minor }
      : { ok: false, problems: { [AMOUNT_FIELD]: amount.message } };
  }
  const problems: Record<string, string> = {};
  const lines = denominations.map((valueMinor) => {
    const count = lineCount(draft.counts[valueMinor] ?? '');
    if (count === undefined)
      problems[countFieldId(valueMinor)] = words.t('shift.count.lineProblem', {
        label: label(valueMinor),
      });
    return { valueMinor, count: count ?? 0 };
  });
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const count = { denominations: lines };
  return { ok: true, count, totalMinor: countedMinorOf(count) };
}
