// Signing in at the till: pick your name, type your PIN. The cashier signed in is recorded
// on every sale and drawer entry until they sign out.
import { useState } from 'preact/hooks';
import type { CashierView } from '../../../domain/cashier';
import { api } from '../api';
import { CashierPicker } from './cashier-picker';
import { PinPad } from './pin-pad';
import { useWords } from '../words';

export function SignInPanel(props: {
  cashiers: readonly CashierView[];
  onSignedIn: (cashier: CashierView) => void;
}) {
  const words = useWords();
  const only = props.cashiers.length === 1 ? props.cashiers[0]?.id : undefined;
  const [chosen, setChosen] = useState<string | undefined>(only);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const cashier = props.cashiers.find((one) => one.id === chosen);

  async function signIn(pin: string) {
    if (!cashier) return;
    setBusy(true);
    const result = await api.signIn({ cashierId: cashier.id, pin });
    setBusy(false);
    if (!result.ok) return setProblem(words.error(result.error));
    props.onSignedIn(result.value);
  }

  return (
    <section class="sign-in" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">{words.t('shift.signIn.title')}</h2>
      <p>{words.t('shift.signIn.intro')}</p>
      <CashierPicker
        label={words.t('shift.signIn.who')}
        cashiers={props.cashiers}
        chosen={chosen}
        onChoose={(id) => {
          setChosen(id);
          setProblem(undefined);
        }}
      />
      {cashier && (
        <PinPad
          key={cashier.id}
          id="sign-in-pin"
          label={words.t('shift.signIn.pinFor', { name: cashier.name })}
          submitLabel={words.t('shift.signIn.submit')}
          problem={problem}
          busy={busy}
          onSubmit={(pin) => void signIn(pin)}
        />
      )}
    </section>
  );
}
