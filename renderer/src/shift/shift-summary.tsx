// The shift the till is in, in one line: since when, by whom, and its float (or that nobody
// counted it, when a sale opened the shift by itself).
import type { ShiftSummary } from '../../../domain/shift';
import { formatTime } from '../money';

export function ShiftSummaryLine(props: { shift: ShiftSummary; money: (minor: number) => string }) {
  const { shift, money } = props;
  return (
    <p class="shift-summary" data-testid="shift-summary">
      {shift.state === 'closing' ? 'Closing: ' : 'Open '}since {formatTime(shift.openedAt)}
      {shift.openedBy ? `, opened by ${shift.openedBy}` : ''}.{' '}
      {shift.floatCounted ? (
        <>Float {money(shift.floatMinor)}.</>
      ) : (
        <strong>Float not counted: a sale opened this shift.</strong>
      )}
    </p>
  );
}
