// Carts the agent could not read back and moved aside: said once, selling goes on.
import type { SetAsideCart } from '../../../domain/cart';
import { Notice } from './field';

export function SetAsideCarts(props: { carts: readonly SetAsideCart[]; onDismiss: () => void }) {
  return (
    <>
      {props.carts.map((aside) => (
        <Notice key={aside.file} tone="error">
          {aside.problem}. It was moved to {aside.file}; selling goes on.{' '}
          <button type="button" onClick={props.onDismiss}>
            Dismiss
          </button>
        </Notice>
      ))}
    </>
  );
}
