// The till's cashiers: who can sign in, with their role and PIN. With none, the till works
// with one anonymous cashier. Once there are cashiers, adding or removing one needs a manager.
import { useEffect, useState } from 'preact/hooks';
import { CASHIER_ROLES, type CashierRole, type CashierView } from '../../../domain/cashier';
import { api } from '../api';
import { useManagerApproval, withApproval } from '../shift/manager-approval';
import { errorFeedback, Field, InputField, Notice, type Feedback } from './field';
import { useWords } from '../words';

export function CashierSettings() {
  const words = useWords();
  const [cashiers, setCashiers] = useState<CashierView[]>([]);
  const [name, setName] = useState('');
  const [role, setRole] = useState<CashierRole>('cashier');
  const [pin, setPin] = useState('');
  const [feedback, setFeedback] = useState<Feedback>();
  const approval = useManagerApproval(cashiers);
  const error = (path: string) => feedback?.fields?.[path];
  const first = cashiers.length === 0;

  async function read() {
    const result = await api.listCashiers({});
    if (result.ok) setCashiers(result.value);
    else setFeedback(errorFeedback(result.error, words));
  }
  useEffect(() => void read(), []);

  async function add(event: Event) {
    event.preventDefault();
    const result = await approval.run((given) =>
      api.addCashier({ name, pin, role: first ? 'manager' : role, ...withApproval(given) }),
    );
    if (!result.ok) return setFeedback(errorFeedback(result.error, words));
    setFeedback({ tone: 'ok', text: words.t('shift.cashiers.added', { name: result.value.name }) });
    setName('');
    setPin('');
    await read();
  }

  async function remove(cashier: CashierView) {
    const result = await approval.run((given) =>
      api.removeCashier({ cashierId: cashier.id, ...withApproval(given) }),
    );
    if (!result.ok) return setFeedback(errorFeedback(result.error, words));
    setFeedback({ tone: 'ok', text: words.t('shift.cashiers.removed', { name: cashier.name }) });
    await read();
  }

  return (
    <div class="cashier-settings">
      <form aria-labelledby="cashiers-title" onSubmit={(event) => void add(event)}>
        <h2 id="cashiers-title">{words.t('shift.cashiers.title')}</h2>
        {first ? (
          <p>{words.t('shift.cashiers.none')}</p>
        ) : (
          <ul class="cashier-list">
            {cashiers.map((cashier) => (
              <li key={cashier.id}>
                {words.t('shift.cashiers.listed', {
                  name: cashier.name,
                  role: words.t('shift.cashier.role', { role: cashier.role }),
                })}{' '}
                <button type="button" onClick={() => void remove(cashier)}>
                  {words.t('shift.cashiers.remove', { name: cashier.name })}
                </button>
              </li>
            ))}
          </ul>
        )}
        <InputField
          id="cashier-name"
          label={words.t('shift.cashiers.name')}
          error={error('/name')}
          value={name}
          maxLength={40}
          autocomplete="off"
          onValue={setName}
        />
        <Field id="cashier-role" label={words.t('shift.cashiers.role')} error={error('/role')}>
          <select
            id="cashier-role"
            value={first ? 'manager' : role}
            disabled={first}
            onChange={(event) =>
              setRole(CASHIER_ROLES.find((one) => one === event.currentTarget.value) ?? role)
            }
          >
            {CASHIER_ROLES.map((one) => (
              <option key={one} value={one}>
                {words.t('shift.cashier.role', { role: one })}
              </option>
            ))}
          </select>
        </Field>
        <InputField
          id="cashier-pin"
          label={words.t('shift.cashiers.pin')}
          hint={words.t('shift.cashiers.pinHint')}
          type="password"
          inputMode="numeric"
          autocomplete="new-password"
          error={error('/pin')}
          value={pin}
          maxLength={8}
          onValue={setPin}
        />
        <button type="submit">{words.t('shift.cashiers.add')}</button>
        {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
      </form>
      {approval.prompt}
    </div>
  );
}
