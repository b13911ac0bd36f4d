// The payment method, as large choices (a finger, not a mouse pointer, picks them).
import { methodLabel } from '../../../domain/views/money-format';
import { ariaKeys } from '../till/shortcuts';

export function PaymentChoice(props: {
  methods: string[];
  value: string;
  onChange: (method: string) => void;
}) {
  return (
    <fieldset class="payment">
      <legend>Payment method</legend>
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
          {methodLabel(method)}
        </label>
      ))}
    </fieldset>
  );
}
