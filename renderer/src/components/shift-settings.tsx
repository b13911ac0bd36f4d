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
    const note = amountOf(noteAbove, typing, words.t('shift.settings.noteAboveField'), words);
    const manager = amountOf(
      managerAbove,
      typing,
      words.t('shift.settings.managerAboveField'),
      words,
    );
    // A whole percent; the agent checks its range and names it.
    const percent = /^\s*\d{1,3}\s*$/.test(discountAbove) ? Number(discountAbove) : undefined;
    if (!note.ok || !manager.ok || percent === undefined) {
      const fields: Record<string, string> = {};
      if (!note.ok) fields['/closeNoteAboveMinor'] = note.message;
      if (!manager.ok) fields['/managerCashOutAboveMinor'] = manager.message;
      if (percent === undefined)
        fields['/managerDiscountAbovePercent'] = words.t('shift.settings.percentProblem');
      return setFeedback({ tone: 'error', text: words.t('shift.settings.notSaved'), fields });
    }
    const result = await api.updateSettings({
      blindClose: blind,
      closeNoteAboveMinor: note.minor,
      managerCashOutAboveMinor: manager.minor,
      managerDiscountAbovePercent: percent,
    });
    if (!result.ok) return setFeedback(errorFeedback(result.error, words));
    setFeedback({ tone: 'ok', text: words.t('shift.settings.saved') });
    props.onChange(result.value);
  }

  return (
    <form aria-labelledby="shift-settings-title" onSubmit={(event) => void save(event)}>
      <h2 id="shift-settings-title">{words.t('shift.settings.title')}</h2>
      <Check checked={blind} onChange={setBlind}>
        {words.t('shift.settings.blind')}
      </Check>
      <InputField
        id="close-note-above"
        label={words.t('shift.settings.noteAbove')}
        hint={words.t('shift.settings.noteAboveHint')}
        inputMode="decimal"
        error={error('/closeNoteAboveMinor')}
        value={noteAbove}
        onValue={setNoteAbove}
      />
      <InputField
        id="manager-cash-out-above"
        label={words.t('shift.settings.managerAbove')}
        hint={words.t('shift.settings.managerAboveHint')}
        inputMode="decimal"
        error={error('/managerCashOutAboveMinor')}
        value={managerAbove}
        onValue={setManagerAbove}
      />
      <InputField
        id="manager-discount-above"
        label={words.t('shift.settings.discountAbove')}
        hint={words.t('shift.settings.discountAboveHint')}
        inputMode="numeric"
        error={error('/managerDiscountAbovePercent')}
        value={discountAbove}
        onValue={setDiscountAbove}
      />
      <button type="submit">{words.t('shift.settings.save')}</button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}
