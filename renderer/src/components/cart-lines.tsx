// The cart's lines: each with its quantity (typed, checked as it is typed), total and a
// remove button; a line that cannot be charged says why, right next to it. The line last
// scanned or changed is marked: F2 and F3 act on it. The list scrolls on its own so the
// total and Charge below stay in view.
import { useEffect, useRef } from 'preact/hooks';
import { lineProblem, lineTotalOf, type CartLine } from '../../../domain/cart';
import { ariaKeys } from '../till/shortcuts';

/** The quantity field of a product's line, for F2. */
export const quantityFieldId = (productId: string) => `qty-${productId}`;

export function CartLines(props: {
  lines: CartLine[];
  currentProductId: string | undefined;
  money: (minor: number) => string;
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
          {lines.map((line) => {
            const problem = lineProblem(line);
            const id = quantityFieldId(line.product.id);
            const current = line.product.id === props.currentProductId;
            const total = lineTotalOf(line);
            return (
              <tr
                key={line.product.id}
                data-product={line.product.id}
                class={current ? 'current' : undefined}
                aria-current={current ? 'true' : undefined}
              >
                <td>
                  {line.product.name}
                  <span class="unit-price">{money(line.product.priceMinor)} each</span>
                </td>
                <td>
                  <input
                    id={id}
                    class="quantity"
                    inputMode="decimal"
                    value={line.quantityText}
                    aria-label={`Quantity of ${line.product.name}`}
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
                <td class="line-total">{total === undefined ? '–' : money(total)}</td>
                <td>
                  <button
                    type="button"
                    class="remove"
                    onClick={() => props.onRemove(line.product.id)}
                    aria-label={`Remove ${line.product.name}`}
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
