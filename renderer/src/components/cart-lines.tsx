// The cart's lines: each with its quantity (typed, checked as it is typed), total and a
// remove button; a line that cannot be charged says why, right next to it. The list
// scrolls on its own so the total and Charge below stay in view.
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { lineTotalMinor } from '../money';
import { lineProblem, parseQuantity, type CartLine } from '../till/cart';
import { ariaKeys } from '../till/shortcuts';

type Limits = MethodOutput<'getSettings'>['till']['limits'];

export function CartLines(props: {
  lines: CartLine[];
  limits: Limits;
  money: (minor: number) => string;
  lastQuantityRef: RefObject<HTMLInputElement | null>;
  onQuantity: (productId: string, text: string) => void;
  onRemove: (productId: string) => void;
  /** Enter or Escape in a quantity: back to scanning. */
  onDone: () => void;
}) {
  const { lines, money } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // The newest line in view: a cashier watches what was just scanned.
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [lines.length]);
  if (lines.length === 0) return <p class="empty">Scan a barcode or tap a product to add it.</p>;
  return (
    <div class="cart-lines" ref={scroller}>
      <table>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Total</th>
            <th scope="col">
              <span class="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const problem = lineProblem(line, props.limits);
            const id = `qty-${line.product.id}`;
            const last = index === lines.length - 1;
            return (
              <tr key={line.product.id} data-product={line.product.id}>
                <td>
                  {line.product.name}
                  <span class="unit-price">{money(line.product.priceMinor)} each</span>
                </td>
                <td>
                  <input
                    id={id}
                    ref={last ? props.lastQuantityRef : undefined}
                    class="quantity"
                    inputMode="decimal"
                    value={line.quantityText}
                    aria-label={`Quantity of ${line.product.name}`}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-problem` : undefined}
                    aria-keyshortcuts={last ? ariaKeys('quantity') : undefined}
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
                  {money(
                    lineTotalMinor(parseQuantity(line.quantityText) ?? 0, line.product.priceMinor),
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    class="remove"
                    onClick={() => props.onRemove(line.product.id)}
                    aria-label={`Remove ${line.product.name}`}
                    aria-keyshortcuts={last ? ariaKeys('removeLast') : undefined}
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
