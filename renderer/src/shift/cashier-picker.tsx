// Pick a name from the till's cashiers: big buttons, one per person.
import type { CashierView } from '../../../domain/cashier';

export function CashierPicker(props: {
  label: string;
  cashiers: readonly CashierView[];
  chosen: string | undefined;
  onChoose: (cashierId: string) => void;
}) {
  return (
    <div class="cashier-picker" role="group" aria-label={props.label}>
      {props.cashiers.map((cashier) => (
        <button
          key={cashier.id}
          type="button"
          aria-pressed={props.chosen === cashier.id}
          onClick={() => props.onChoose(cashier.id)}
        >
          {cashier.name}
          {cashier.role === 'manager' ? ' (manager)' : ''}
        </button>
      ))}
    </div>
  );
}
