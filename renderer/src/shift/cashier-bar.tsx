// Who is signed in at the till, with Sign out. Shown only when the till has cashiers.
import type { CashierView } from '../../../domain/cashier';
import { api } from '../api';
import { useWords } from '../words';

export function CashierBar(props: { cashier: CashierView; onSignedOut: () => void }) {
  const words = useWords();
  return (
    <p class="cashier-bar" data-testid="signed-in">
      {words.t('shift.cashierBar.signedIn')} <strong>{props.cashier.name}</strong>
      {props.cashier.role === 'manager' ? ` ${words.t('shift.cashierBar.managerMark')}` : ''}{' '}
      <button
        type="button"
        onClick={() => void api.signOut({}).then((result) => result.ok && props.onSignedOut())}
      >
        {words.t('shift.cashierBar.signOut')}
      </button>
    </p>
  );
}
