// One drawer entry: cash in, cash out, a safe drop (amount and reason) or "no sale" (reason
// only). What needs a manager asks for a PIN on the spot, then is saved the same.
import { useState } from 'preact/hooks';
import { MAX_REASON, type ManualDrawerKind } from '../../../domain/shift';
import { api } from '../api';
import { errorFeedback, InputField, Notice, type Feedback } from '../components/field';
import { amountOf, type MoneyTyping } from './amount';
import { withApproval, type useManagerApproval } from './manager-approval';
import { useWords } from '../words';

export function DrawerEntryForm(props: {
  kind: ManualDrawerKind;
  typing: MoneyTyping;
  approval: ReturnType<typeof useManagerApproval>;
  onSaved: (text: string) => void;
  onCancel: () => void;
}) {
  const words = useWords();
  const { kind, typing } = props;
  const label = words.t('shift.drawer.kind', { kind });
  const withAmount = kind !== 'no_sale';
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [feedback, setFeedback] = useState<Feedback>();
  const error = (path: string) => feedback?.fields?.[path];

  async function save(event: Event) {
    event.preventDefault();
    const parsed = withAmount
      ? amountOf(amount, typing, words.t('shift.drawer.amount'), words)
      : { ok: true as const, minor: 0 };
    const fields: Record<string, string> = {};
    if (!parsed.ok) fields['/amountMinor'] = parsed.message;
    if (reason.trim() === '') fields['/reason'] = words.t('shift.drawer.reasonMissing');
    if (!parsed.ok || Object.keys(fields).length > 0)
      return setFeedback({
        tone: 'error',
        text: words.t('shift.drawer.notSaved', { kind }),
        fields,
      });
    const result = await props.approval.run((approval) =>
      api.addDrawerEntry({ kind, amountMinor: parsed.minor, reason, ...withApproval(approval) }),
    );
    if (!result.ok) return setFeedback(errorFeedback(result.error, words));
    props.onSaved(words.t('shift.drawer.saved', { kind, reason: reason.trim() }));
  }

  return (
    <>
      <form
        class="inline-form drawer-entry"
        aria-label={label}
        onSubmit={(event) => void save(event)}
      >
        <h3>{label}</h3>
        {withAmount && (
          <InputField
            id="drawer-amount"
            label={words.t('shift.drawer.amount')}
            inputMode="decimal"
            autocomplete="off"
            error={error('/amountMinor')}
            value={amount}
            onValue={setAmount}
          />
        )}
        <InputField
          id="drawer-reason"
          label={words.t('shift.drawer.reason')}
          hint={words.t('shift.drawer.hint', { kind })}
          maxLength={MAX_REASON}
          autocomplete="off"
          error={error('/reason')}
          value={reason}
          onValue={setReason}
        />
        <div class="actions">
          <button type="submit" class="primary">
            {words.t('shift.drawer.save', { kind })}
          </button>
          <button type="button" onClick={props.onCancel}>
            {words.t('shift.action.cancel')}
          </button>
        </div>
        {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
      </form>
      {props.approval.prompt}
    </>
  );
}
