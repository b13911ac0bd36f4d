// Giving a discount at the counter: on the line last scanned or on the whole sale, by
// percent or by amount, always with a reason. What it takes off shows in the cart at once;
// above the limit a manager's PIN is asked when the sale is charged.
import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import type { CartDiscount } from '../../../domain/cart-discount';
import { MAX_DISCOUNT_REASON } from '../../../domain/discount';

export type DiscountTarget = { productId: string; name: string } | 'sale';

export function DiscountForm(props: {
  /** The line last scanned, if any: the discount goes there unless the sale is chosen. */
  line: { productId: string; name: string } | undefined;
  /** The discount already given on each target, to change or take away. */
  given: (target: DiscountTarget) => CartDiscount | undefined;
  currency: string;
  firstRef: RefObject<HTMLInputElement | null>;
  onApply: (target: DiscountTarget, discount: CartDiscount | undefined) => void;
  onCancel: () => void;
}) {
  const [target, setTarget] = useState<DiscountTarget>(props.line ?? 'sale');
  const existing = props.given(target);
  const [kind, setKind] = useState<CartDiscount['kind']>(existing?.kind ?? 'percent');
  const [text, setText] = useState(existing?.text ?? '');
  const [reason, setReason] = useState(existing?.reason ?? '');
  const choose = (next: DiscountTarget) => {
    setTarget(next);
    const had = props.given(next);
    setKind(had?.kind ?? 'percent');
    setText(had?.text ?? '');
    setReason(had?.reason ?? '');
  };
  const escape = (event: KeyboardEvent) => event.key === 'Escape' && props.onCancel();
  return (
    <form
      class="inline-form discount-form"
      aria-label="Discount"
      onSubmit={(event) => {
        event.preventDefault();
        props.onApply(target, { kind, text, reason });
      }}
    >
      <fieldset>
        <legend>Discount on</legend>
        {props.line && (
          <label>
            <input
              type="radio"
              name="discount-target"
              checked={target !== 'sale'}
              onChange={() => choose(props.line!)}
            />{' '}
            {props.line.name}
          </label>
        )}
        <label>
          <input
            type="radio"
            name="discount-target"
            checked={target === 'sale'}
            onChange={() => choose('sale')}
          />{' '}
          the whole sale
        </label>
      </fieldset>
      <fieldset>
        <legend>By</legend>
        <label>
          <input
            type="radio"
            name="discount-kind"
            checked={kind === 'percent'}
            onChange={() => setKind('percent')}
          />{' '}
          percent
        </label>
        <label>
          <input
            type="radio"
            name="discount-kind"
            checked={kind === 'amount'}
            onChange={() => setKind('amount')}
          />{' '}
          amount ({props.currency})
        </label>
      </fieldset>
      <div class="field">
        <label for="discount-value">{kind === 'percent' ? 'Percent off' : 'Amount off'}</label>
        <input
          id="discount-value"
          ref={props.firstRef}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          placeholder={kind === 'percent' ? '10' : '1.50'}
          onInput={(event) => setText(event.currentTarget.value)}
          onKeyDown={escape}
        />
      </div>
      <div class="field">
        <label for="discount-reason">Reason</label>
        <input
          id="discount-reason"
          maxLength={MAX_DISCOUNT_REASON}
          autoComplete="off"
          value={reason}
          placeholder="Damaged box, loyal customer…"
          onInput={(event) => setReason(event.currentTarget.value)}
          onKeyDown={escape}
        />
      </div>
      <button type="submit" class="primary">
        Give discount
      </button>
      {existing && (
        <button type="button" onClick={() => props.onApply(target, undefined)}>
          Take it away
        </button>
      )}
      <button type="button" class="link" onClick={props.onCancel}>
        Cancel
      </button>
    </form>
  );
}
