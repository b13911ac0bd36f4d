// Over, short or exact: the close's difference in words, for the close and the Z report list.
import type { Translator } from '../../../domain/i18n/messages.js';

export function differenceWords(
  differenceMinor: number,
  money: (minor: number) => string,
  words: Translator,
) {
  const direction = differenceMinor === 0 ? 'exact' : differenceMinor > 0 ? 'over' : 'short';
  return words.t('shift.figures.differenceWords', {
    direction,
    amount: money(Math.abs(differenceMinor)),
  });
}
