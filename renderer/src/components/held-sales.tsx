// Sales put aside at the counter (the customer went back for something), newest last: each
// with its note, what it holds and since when, and Recall to bring it back to the cart.
import type { HeldCart } from '../../../domain/cart';
import { plural } from '../../../domain/words';
import { relativeTime } from '../../../domain/views/status-view';

export function HeldSales(props: {
  held: HeldCart[];
  now: number;
  money: (minor: number) => string;
  onRecall: (cartId: string) => void;
}) {
  if (props.held.length === 0) return null;
  return (
    <section class="held" aria-labelledby="held-title">
      <h3 id="held-title">Held sales ({props.held.length})</h3>
      <ul>
        {props.held.map((cart) => (
          <li key={cart.id} data-held={cart.id}>
            <span class="held-note">{cart.note || 'No note'}</span>
            <span class="hint">
              {plural(cart.lineCount, 'line')}, {props.money(cart.totalMinor)}
              {cart.customerName ? `, ${cart.customerName}` : ''}, held{' '}
              {relativeTime(Math.min(cart.heldAt, props.now), props.now)}
            </span>
            <button
              type="button"
              onClick={() => props.onRecall(cart.id)}
              aria-label={`Recall ${cart.note || 'the held sale'}`}
            >
              Recall
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
