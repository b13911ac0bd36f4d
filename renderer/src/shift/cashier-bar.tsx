// Who is signed in at the till, with Sign out. Shown only when the till has cashiers.
import type { CashierView } from '../../../domain/cashier';
import { api } from '../api';

export function CashierBar(props: { cashier: CashierView; onSignedOut: () => void }) {
  return (
    <p class="cashier-bar" data-testid="signed-in">
      Signed in: <strong>{props.cashier.name}</strong>
      {props.cashier.role === 'manager' ? ' (manager)' : ''}{' '}
      <button
        type="button"
        onClick={() => void api.signOut({}).then((result) => result.ok && props.onSignedOut())}
      >
        Sign out
      </button>
    </p>
  );
}
