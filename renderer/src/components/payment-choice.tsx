// The payment method, as large choices (a finger, not a mouse pointer, picks them).
import { methodWords } from '../till/said-words';
import { ariaKeys } from '../till/shortcuts';
import { useWords } from '../words';

export function PaymentChoice(props: {
  methods: string[];
  value: string;
  onChange: (method: string) => void;
}) {
  const words = useWords();
  return (
    <fieldset class="payment">
      <legend>{words.t('till.payment.legend')}</legend>
      {props.methods.map((method) => (
        <label key={method} class="choice">
          <input
            type="radio"
            name="payment"
            value={method}
            checked={props.value === method}
            aria-keyshortcuts={ariaKeys('nextPayment')}
            onChange={() => props.onChange(method)}
          />
          {methodWords(method, words)}
        </label>
      ))}
    </fieldset>
  );
}
