// Settings of the trading day: a blind close, when a close needs a note, when cash out and
// when a discount need a manager. Amounts are typed in the till's currency and kept in minor units.
import { useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { tillLocale } from '../locale';
import { amountOf, typedAmount } from '../shift/amount';
import { Check, errorFeedback, InputField, Notice, type Feedback } from './field';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;

export function ShiftSettingsForm(props: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const words = useWords();
  const { till } = props.settings;
  const typing = { currency: till.currency, locale: tillLocale(till) };
  const [blind, setBlind] = useState(till.blindClose);
  const [noteAbove, setNoteAbove] = useState(typedAmount(till.closeNoteAboveMinor, typing));
  const [managerAbove, setManagerAbove] = useState(
    typedAmount(till.managerCashOutAboveMinor, typing),
  );
  const [discountAbove, setDiscountAbove] = useState(String(till.managerDiscountAbovePercent));
  const [feedback, setFeedback] = useState<Feedback>();
  const error = (path: string) => feedback?.fields?.[path];

  async function save(event: Event) {
    event.preventDefault();
    const note = amountOf(noteAbove, typing, 'Note needed above');
    const manager = amountOf(managerAbove, typing, 'Manager needed above');
    // A whole percent; the agent checks its range and names it.
    const percent = /^\s*\d{1,3}\s*$/.test(discountAbove) ? Number(discountAbove) : undefined;
    if (!note.ok || !manager.ok || percent === undefined) {
      const fields: Record<string, string> = {};
      if (!note.ok) fields['/closeNoteAboveMinor'] = note.message;
      if (!manager.ok) fields['/managerCashOutAboveMinor'] = manager.message;
      if (percent === undefined)
        fields['/managerDiscountAbovePercent'] = 'Type a whole percent, like 20';
      return setFeedback({ tone: 'error', text: 'Not saved: fix the amounts above.', fields });
    }
    const result = await api.updateSettings({
      blindClose: blind,
      closeNoteAboveMinor: note.minor,
      managerCashOutAboveMinor: manager.minor,
      managerDiscountAbovePercent: percent,
    });
    if (!result.ok) return setFeedback(errorFeedback(result.error, words));
    setFeedback({ tone: 'ok', text: 'Shift settings saved.' });
    props.onChange(result.value);
  }

  return (
    <form aria-labelledby="shift-settings-title" onSubmit={(event) => void save(event)}>
      <h2 id="shift-settings-title">Closing the shift</h2>
      <Check checked={blind} onChange={setBlind}>
        Blind close: show the cash expected only after the count is entered
      </Check>
      <InputField
        id="close-note-above"
        label="A close needs a note when over or short by more than"
        hint="An amount in the till's currency; 0: any difference needs a note"
        inputMode="decimal"
        error={error('/closeNoteAboveMinor')}
        value={noteAbove}
        onValue={setNoteAbove}
      />
      <InputField
        id="manager-cash-out-above"
        label="Cash out or a safe drop needs a manager above"
        hint="An amount in the till's currency; 0: always. Only when the till has cashiers."
        inputMode="decimal"
        error={error('/managerCashOutAboveMinor')}
        value={managerAbove}
        onValue={setManagerAbove}
      />
      <InputField
        id="manager-discount-above"
        label="Discounts above this percent need a manager"
        hint="A whole percent of what it comes off; 0: any discount. Only when the till has cashiers."
        inputMode="numeric"
        error={error('/managerDiscountAbovePercent')}
        value={discountAbove}
        onValue={setDiscountAbove}
      />
      <button type="submit">Save shift settings</button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}
