// Carts the agent could not read back and moved aside: said once, selling goes on.
import type { SetAsideCart } from '../../../domain/cart';
import { useWords } from '../words';
import { Notice } from './field';

export function SetAsideCarts(props: { carts: readonly SetAsideCart[]; onDismiss: () => void }) {
  const words = useWords();
  return (
    <>
      {props.carts.map((aside) => (
        <Notice key={aside.file} tone="error">
          {words.t('till.setAside.moved', { problem: aside.problem, file: aside.file })}{' '}
          <button type="button" onClick={props.onDismiss}>
            {words.t('till.dismiss')}
          </button>
        </Notice>
      ))}
    </>
  );
}
