// Signing in at the till: pick your name, type your PIN. The cashier signed in is recorded
// on every sale and drawer entry until they sign out.
import { useState } from 'preact/hooks';
import type { CashierView } from '../../../domain/cashier';
import { api } from '../api';
import { CashierPicker } from './cashier-picker';
import { PinPad } from './pin-pad';

export function SignInPanel(props: {
  cashiers: readonly CashierView[];
  onSignedIn: (cashier: CashierView) => void;
}) {
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
    if (!result.ok) return setProblem(result.error.message);
    props.onSignedIn(result.value);
  }

  return (
    <section class="sign-in" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">Sign in to the till</h2>
      <p>Pick your name, then type your PIN.</p>
      <CashierPicker
        label="Who is at the till"
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
          label={`PIN for ${cashier.name}`}
          submitLabel="Sign in"
          problem={problem}
          busy={busy}
          onSubmit={(pin) => void signIn(pin)}
        />
      )}
    </section>
  );
}
