// Sales put aside at the counter (the customer went back for something), newest last: each
// with its note, what it holds and since when, and Recall to bring it back to the cart.
import type { HeldCart } from '../../../domain/cart';
import { timeAgo } from '../till/said-words';
import { useWords } from '../words';

export function HeldSales(props: {
  held: HeldCart[];
  now: number;
  money: (minor: number) => string;
  onRecall: (cartId: string) => void;
}) {
  const words = useWords();
  if (props.held.length === 0) return null;
  return (
    <section class="held" aria-labelledby="held-title">
      <h3 id="held-title">{words.t('till.held.title', { count: props.held.length })}</h3>
      <ul>
        {props.held.map((cart) => (
          <li key={cart.id} data-held={cart.id}>
            <span class="held-note">{cart.note || words.t('till.held.noNote')}</span>
            <span class="hint">
              {words.t('till.held.summary', {
                lines: cart.lineCount,
                total: props.money(cart.totalMinor),
                hasCustomer: cart.customerName ? 'yes' : 'no',
                customer: cart.customerName ?? '',
                ago: timeAgo(cart.heldAt, props.now, words),
              })}
            </span>
            <button
              type="button"
              onClick={() => props.onRecall(cart.id)}
              aria-label={words.t('till.held.recallNamed', {
                hasNote: cart.note ? 'yes' : 'no',
                note: cart.note,
              })}
            >
              {words.t('till.held.recall')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
