// The end of the cart: Charge (and why it cannot be pressed yet), Hold beside it, or the
// question to answer first when a sale deserves a second look.
import { ariaKeys } from '../till/shortcuts';
import { useWords } from '../words';
import { ConfirmBar } from './confirm-bar';

export interface Confirming {
  question: string;
  reason: string;
  label: string;
  then(): void;
}

export function ChargeBar(props: {
  total: string;
  blocked: string | undefined;
  showBlocked: boolean;
  confirming: Confirming | undefined;
  onCharge: () => void;
  onHold: () => void;
  onDiscount: () => void;
  onAnswer: (confirmed: boolean) => void;
}) {
  const { confirming } = props;
  const words = useWords();
  if (confirming)
    return (
      <ConfirmBar
        question={confirming.question}
        reason={confirming.reason}
        confirmLabel={confirming.label}
        onConfirm={() => props.onAnswer(true)}
        onCancel={() => props.onAnswer(false)}
      />
    );
  return (
    <>
      <div class="charge-row">
        <button
          type="button"
          class="primary charge"
          disabled={props.blocked !== undefined}
          title={props.blocked}
          aria-keyshortcuts={ariaKeys('charge')}
          onClick={props.onCharge}
        >
          {words.t('till.charge.button', { total: props.total })}
        </button>
        <button
          type="button"
          class="hold"
          disabled={!props.showBlocked}
          aria-keyshortcuts={ariaKeys('hold')}
          onClick={props.onHold}
        >
          {words.t('till.charge.hold')}
        </button>
        <button
          type="button"
          class="discount"
          disabled={!props.showBlocked}
          aria-keyshortcuts={ariaKeys('discount')}
          onClick={props.onDiscount}
        >
          {words.t('till.charge.discount')}
        </button>
      </div>
      {props.blocked && props.showBlocked && (
        <p class="hint" data-testid="charge-blocked">
          {props.blocked}
        </p>
      )}
    </>
  );
}
