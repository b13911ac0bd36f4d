// Pick a name from the till's cashiers: big buttons, one per person.
import type { CashierView } from '../../../domain/cashier';
import { useWords } from '../words';

export function CashierPicker(props: {
  label: string;
  cashiers: readonly CashierView[];
  chosen: string | undefined;
  onChoose: (cashierId: string) => void;
}) {
  const words = useWords();
  return (
    <div class="cashier-picker" role="group" aria-label={props.label}>
      {props.cashiers.map((cashier) => (
        <button
          key={cashier.id}
          type="button"
          aria-pressed={props.chosen === cashier.id}
          onClick={() => props.onChoose(cashier.id)}
        >
          {cashier.role === 'manager'
            ? words.t('shift.cashier.managerName', { name: cashier.name })
            : cashier.name}
        </button>
      ))}
    </div>
  );
}
