// The cart's lines: each with its quantity (typed, checked as it is typed), total and a
// remove button; a line that cannot be charged says why, right next to it. The line last
// scanned or changed is marked: F2 and F3 act on it. The list scrolls on its own so the
// total and Charge below stay in view. A line given a discount shows its price before it,
// what came off and why, and the price paid.
import { useEffect, useRef } from 'preact/hooks';
import { lineProblem, lineTotalOf, type CartLine } from '../../../domain/cart';
import type { CartDiscount } from '../../../domain/cart-discount';
import type { Translator } from '../../../domain/i18n/messages';
import { ariaKeys } from '../till/shortcuts';
import { useWords } from '../words';

/** The quantity field of a product's line, for F2. */
export const quantityFieldId = (productId: string) => `qty-${productId}`;

export function CartLines(props: {
  lines: CartLine[];
  currentProductId: string | undefined;
  /** The locale the quantities are typed in. */
  locale: string;
  money: (minor: number) => string;
  /** What each line's own discount takes off (by product), when the discounts are valid. */
  lineDiscounts: ReadonlyMap<string, number>;
  onQuantity: (productId: string, text: string) => void;
  onRemove: (productId: string) => void;
  /** Enter or Escape in a quantity: back to scanning. */
  onDone: () => void;
}) {
  const { lines, money } = props;
  const words = useWords();
  const scroller = useRef<HTMLDivElement>(null);
  // The newest line in view: a cashier watches what was just scanned.
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [lines.length]);
  if (lines.length === 0) return <p class="empty">{words.t('till.cart.empty')}</p>;
  return (
    <div class="cart-lines" ref={scroller}>
      <table>
        <thead>
          <tr>
            <th scope="col">{words.t('till.cart.item')}</th>
            <th scope="col">{words.t('till.cart.quantity')}</th>
            <th scope="col">{words.t('till.cart.total')}</th>
            <th scope="col">
              <span class="visually-hidden">{words.t('till.cart.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const problem = lineProblem(line, props.locale, words);
            const id = quantityFieldId(line.product.id);
            const current = line.product.id === props.currentProductId;
            const total = lineTotalOf(line, props.locale);
            return (
              <tr
                key={line.product.id}
                data-product={line.product.id}
                class={current ? 'current' : undefined}
                aria-current={current ? 'true' : undefined}
              >
                <td>
                  {line.product.name}
                  <span class="unit-price">
                    {words.t('till.cart.each', { price: money(line.product.priceMinor) })}
                  </span>
                </td>
                <td>
                  <input
                    id={id}
                    class="quantity"
                    inputMode="decimal"
                    value={line.quantityText}
                    aria-label={words.t('till.cart.quantityOf', { name: line.product.name })}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-problem` : undefined}
                    aria-keyshortcuts={current ? ariaKeys('quantity') : undefined}
                    onInput={(event) =>
                      props.onQuantity(line.product.id, event.currentTarget.value)
                    }
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === 'Escape') props.onDone();
                    }}
                  />
                  {problem && (
                    <p class="line-problem" id={`${id}-problem`}>
                      {problem}
                    </p>
                  )}
                </td>
                <td class="line-total">
                  {total === undefined ? (
                    '–'
                  ) : line.discount ? (
                    <LineDiscount
                      totalMinor={total}
                      offMinor={props.lineDiscounts.get(line.product.id)}
                      discount={line.discount}
                      money={money}
                    />
                  ) : (
                    money(total)
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    class="remove"
                    onClick={() => props.onRemove(line.product.id)}
                    aria-label={words.t('till.cart.removeLine', { name: line.product.name })}
                    aria-keyshortcuts={current ? ariaKeys('removeCurrent') : undefined}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** How a discount reads: "10 %" or "1.50", then its reason. */
export const discountLabel = (
  discount: CartDiscount,
  money: (minor: number) => string,
  words: Translator,
  offMinor?: number,
) =>
  words.t('till.discount.label', {
    amount:
      discount.kind === 'percent'
        ? `${discount.text.trim()} %`
        : offMinor === undefined
          ? discount.text
          : money(offMinor),
    reason: discount.reason.trim(),
  });

/** The line's price before its discount, what came off, and the price paid. */
function LineDiscount(props: {
  totalMinor: number;
  offMinor: number | undefined;
  discount: CartDiscount;
  money: (minor: number) => string;
}) {
  const { totalMinor, offMinor, money } = props;
  const words = useWords();
  return (
    <span class="line-discount" data-testid="line-discount">
      <s class="original" aria-label={words.t('till.cart.was', { total: money(totalMinor) })}>
        {money(totalMinor)}
      </s>
      <span class="discount">
        {offMinor === undefined ? '' : `−${money(offMinor)} `}(
        {discountLabel(props.discount, money, words)})
      </span>
      <strong class="paid">{offMinor === undefined ? '–' : money(totalMinor - offMinor)}</strong>
    </span>
  );
}
