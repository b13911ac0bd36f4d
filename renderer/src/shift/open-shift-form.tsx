// Opening a shift with its float counted (the last close's count offered), or counting the
// float of a shift a sale opened by itself: the same call, once.
import { useState } from 'preact/hooks';
import type { ShiftSummary } from '../../../domain/shift';
import { api } from '../api';
import { InputField, Notice } from '../components/field';
import { amountOf, typedAmount, type MoneyTyping } from './amount';
import { useWords } from '../words';

export function OpenShiftForm(props: {
  typing: MoneyTyping;
  suggestedFloatMinor: number | null;
  /** A shift a sale opened: its float is counted now. */
  countingOnly: boolean;
  onOpened: (shift: ShiftSummary) => void;
}) {
  const words = useWords();
  const { typing, suggestedFloatMinor } = props;
  const [float, setFloat] = useState(
    suggestedFloatMinor === null ? '' : typedAmount(suggestedFloatMinor, typing),
  );
  const [error, setError] = useState<string>();
  const [problem, setProblem] = useState<string>();

  async function open(event: Event) {
    event.preventDefault();
    const amount = amountOf(float, typing, words.t('shift.open.floatField'), words);
    setError(amount.ok ? undefined : amount.message);
    if (!amount.ok) return;
    const result = await api.openShift({ floatMinor: amount.minor });
    setProblem(result.ok ? undefined : words.error(result.error));
    if (result.ok) props.onOpened(result.value);
  }

  return (
    <form class="inline-form open-shift" onSubmit={(event) => void open(event)}>
      <InputField
        id="shift-float"
        label={
          props.countingOnly ? words.t('shift.open.floatCounted') : words.t('shift.open.float')
        }
        hint={
          suggestedFloatMinor === null
            ? words.t('shift.open.hintCount')
            : words.t('shift.open.hintSuggested')
        }
        inputMode="decimal"
        autocomplete="off"
        error={error}
        value={float}
        onValue={setFloat}
      />
      <button type="submit" class="primary">
        {props.countingOnly ? words.t('shift.open.saveFloat') : words.t('shift.open.submit')}
      </button>
      {problem && <Notice tone="error">{problem}</Notice>}
    </form>
  );
}
