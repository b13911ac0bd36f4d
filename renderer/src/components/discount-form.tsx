// Giving a discount at the counter: on the line last scanned or on the whole sale, by
// percent or by amount, always with a reason. What it takes off shows in the cart at once;
// above the limit a manager's PIN is asked when the sale is charged.
import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import { cartLocale, currentLine, type CartContent } from '../../../domain/cart';
import type { CartDiscount } from '../../../domain/cart-discount';
import { MAX_DISCOUNT_REASON } from '../../../domain/discount';
import { typedText } from '../../../domain/locale-numbers';
import { currencyDecimals } from '../../../domain/money';
import { useWords } from '../words';
import { discountLabel } from './cart-lines';

export type DiscountTarget = { productId: string } | 'sale';

export function DiscountForm(props: {
  cart: CartContent;
  currency: string;
  firstRef: RefObject<HTMLInputElement | null>;
  onApply: (target: DiscountTarget, discount: CartDiscount | undefined) => void;
  onCancel: () => void;
}) {
  const words = useWords();
  // The line last scanned, if any: the discount goes there unless the sale is chosen.
  const current = currentLine(props.cart);
  const line = current && { productId: current.product.id, name: current.product.name };
  /** The discount already given on a target, to change or take away. */
  const given = (on: DiscountTarget) =>
    on === 'sale'
      ? props.cart.discount
      : props.cart.lines.find((one) => one.product.id === on.productId)?.discount;
  const [target, setTarget] = useState<DiscountTarget>(line ?? 'sale');
  const existing = given(target);
  const [kind, setKind] = useState<CartDiscount['kind']>(existing?.kind ?? 'percent');
  const [text, setText] = useState(existing?.text ?? '');
  const [reason, setReason] = useState(existing?.reason ?? '');
  const choose = (next: DiscountTarget) => {
    setTarget(next);
    const had = given(next);
    setKind(had?.kind ?? 'percent');
    setText(had?.text ?? '');
    setReason(had?.reason ?? '');
  };
  const escape = (event: KeyboardEvent) => event.key === 'Escape' && props.onCancel();
  return (
    <form
      class="inline-form discount-form"
      aria-label={words.t('till.charge.discount')}
      onSubmit={(event) => {
        event.preventDefault();
        props.onApply(target, { kind, text, reason });
      }}
    >
      <fieldset>
        <legend>{words.t('till.discount.on')}</legend>
        {line && (
          <label>
            <input
              type="radio"
              name="discount-target"
              checked={target !== 'sale'}
              onChange={() => choose(line)}
            />{' '}
            {line.name}
          </label>
        )}
        <label>
          <input
            type="radio"
            name="discount-target"
            checked={target === 'sale'}
            onChange={() => choose('sale')}
          />{' '}
          {words.t('till.discount.wholeSale')}
        </label>
      </fieldset>
      <fieldset>
        <legend>{words.t('till.discount.by')}</legend>
        <label>
          <input
            type="radio"
            name="discount-kind"
            checked={kind === 'percent'}
            onChange={() => setKind('percent')}
          />{' '}
          {words.t('till.discount.byPercent')}
        </label>
        <label>
          <input
            type="radio"
            name="discount-kind"
            checked={kind === 'amount'}
            onChange={() => setKind('amount')}
          />{' '}
          {words.t('till.discount.byAmount', { currency: props.currency })}
        </label>
      </fieldset>
      <div class="field">
        <label for="discount-value">
          {kind === 'percent'
            ? words.t('till.discount.percentOff')
            : words.t('till.discount.amountOff')}
        </label>
        <input
          id="discount-value"
          ref={props.firstRef}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          placeholder={
            kind === 'percent'
              ? '10'
              : typedText(150, currencyDecimals(props.currency), cartLocale(props.cart))
          }
          onInput={(event) => setText(event.currentTarget.value)}
          onKeyDown={escape}
        />
      </div>
      <div class="field">
        <label for="discount-reason">{words.t('till.discount.reason')}</label>
        <input
          id="discount-reason"
          maxLength={MAX_DISCOUNT_REASON}
          autoComplete="off"
          value={reason}
          placeholder={words.t('till.discount.reasonPlaceholder')}
          onInput={(event) => setReason(event.currentTarget.value)}
          onKeyDown={escape}
        />
      </div>
      <button type="submit" class="primary">
        {words.t('till.discount.give')}
      </button>
      {existing && (
        <button type="button" onClick={() => props.onApply(target, undefined)}>
          {words.t('till.discount.takeAway')}
        </button>
      )}
      <button type="button" class="link" onClick={props.onCancel}>
        {words.t('till.cancel')}
      </button>
    </form>
  );
}

/** The sale's own discount under the lines: the subtotal before it, and what it took off. */
export function SaleDiscountRows(props: {
  discount: CartDiscount;
  /** The total charged and the sale's discount, in minor units. */
  totalMinor: number;
  offMinor: number;
  money: (minor: number) => string;
}) {
  const { money, offMinor } = props;
  const words = useWords();
  return (
    <dl class="sale-discount" data-testid="sale-discount">
      <dt>{words.t('till.discount.subtotal')}</dt>
      <dd>{money(props.totalMinor + offMinor)}</dd>
      <dt>
        {words.t('till.discount.row', {
          label: discountLabel(props.discount, money, words, offMinor),
        })}
      </dt>
      <dd>−{money(offMinor)}</dd>
    </dl>
  );
}
