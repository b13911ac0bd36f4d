// A question that must be answered before going on ("charge $1,750.00?"): the confirm
// button takes the focus, so Enter confirms and Escape goes back.
import { useEffect, useRef } from 'preact/hooks';
import { useWords } from '../words';

export function ConfirmBar(props: {
  question: string;
  reason: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const words = useWords();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div
      class="confirm-bar"
      role="alertdialog"
      aria-labelledby="confirm-question"
      aria-describedby="confirm-reason"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          props.onCancel();
        }
      }}
    >
      <p id="confirm-question">
        <strong>{props.question}</strong>
      </p>
      <p id="confirm-reason">{props.reason}</p>
      <button type="button" class="primary" ref={confirmRef} onClick={props.onConfirm}>
        {props.confirmLabel}
      </button>{' '}
      <button type="button" onClick={props.onCancel}>
        {words.t('till.confirm.goBack')}
      </button>
    </div>
  );
}
