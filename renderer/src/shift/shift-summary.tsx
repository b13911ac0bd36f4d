// The shift the till is in, in one line: since when, by whom, and its float (or that nobody
// counted it, when a sale opened the shift by itself).
import type { ShiftSummary } from '../../../domain/shift';
import { formatTime } from '../money';
import { useWords } from '../words';

export function ShiftSummaryLine(props: { shift: ShiftSummary; money: (minor: number) => string }) {
  const words = useWords();
  const { shift, money } = props;
  const since = { state: shift.state, time: formatTime(shift.openedAt) };
  return (
    <p class="shift-summary" data-testid="shift-summary">
      {shift.openedBy
        ? words.t('shift.summary.sinceBy', { ...since, name: shift.openedBy })
        : words.t('shift.summary.since', since)}{' '}
      {shift.floatCounted ? (
        <>{words.t('shift.summary.float', { amount: money(shift.floatMinor) })}</>
      ) : (
        <strong>{words.t('shift.summary.floatNotCounted')}</strong>
      )}
    </p>
  );
}
