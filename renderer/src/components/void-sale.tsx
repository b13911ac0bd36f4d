// Void on the Sync screen's sale row: a sale the till has not tried to send yet is taken
// back with a reason (a manager's PIN where the till has cashiers). The agent decides: a sale
// already sent, being sent or in doubt is refused with the reason, and a return offered.
import { useState } from 'preact/hooks';
import type { CashierView } from '../../../domain/cashier';
import type { SaleSummary } from '../../../domain/sale';
import type { VoidedSale } from '../../../domain/void';
import { api } from '../api';
import { useManagerApproval, withApproval } from '../shift/manager-approval';
import { Field, fieldMessages } from './field';
import { useWords } from '../words';

/** Whether to offer a void: a sale waiting, not in doubt (the agent checks the rest). */
export const mayVoid = (sale: SaleSummary) => sale.state === 'pending' && !sale.uncertain;

export function VoidSale({
  sale,
  onDone,
}: {
  sale: SaleSummary;
  /** With the voided sale, or with why it could not be voided. */
  onDone: (answer: { voided: VoidedSale } | { problem: string }) => void;
}) {
  const words = useWords();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [cashiers, setCashiers] = useState<readonly CashierView[]>([]);
  const approval = useManagerApproval(cashiers);
  const id = `void-${sale.saleId}`;
  const number = String(sale.receiptNumber);

  async function start() {
    setOpen(true);
    const shift = await api.getShift({});
    if (shift.ok) setCashiers(shift.value.cashiers);
  }

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    const result = await approval.run((given) =>
      api.voidSale({ saleId: sale.saleId, reason, ...withApproval(given) }),
    );
    setBusy(false);
    if (result.ok) return onDone({ voided: result.value });
    if (result.error.code === 'cancelled') return;
    if (result.error.code === 'invalid_input')
      return setError(
        fieldMessages(result.error.fields, words)['/reason'] ?? words.error(result.error),
      );
    setOpen(false);
    onDone({ problem: words.error(result.error) });
  }

  if (!open)
    return (
      <button type="button" onClick={() => void start()}>
        {words.t('till.void.button')}
        <span class="visually-hidden"> {words.t('till.void.which', { number })}</span>
      </button>
    );
  return (
    <form class="inline-form" onSubmit={(event) => void submit(event)}>
      <Field id={id} label={words.t('till.void.why', { number })} error={error}>
        <input
          id={id}
          value={reason}
          onInput={(event) => setReason(event.currentTarget.value)}
          aria-invalid={Boolean(error)}
        />
      </Field>
      <button type="submit" disabled={busy}>
        {busy ? words.t('till.void.busy') : words.t('till.void.submit')}
      </button>
      <button type="button" class="link" onClick={() => setOpen(false)}>
        {words.t('till.cancel')}
      </button>
      {approval.prompt}
    </form>
  );
}
