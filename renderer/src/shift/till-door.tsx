// The Till screen behind its door: when the till has cashiers and nobody is signed in, the
// sign-in panel; otherwise the till, with who is signed in. With no cashiers set up, the
// till as always, asking nobody for a PIN. "No sale" is at hand when a drawer is set up.
import type { MethodOutput } from '../../../main/contract/contract';
import { Notice } from '../components/field';
import { tillLocale } from '../locale';
import { TillScreen } from '../screens/till';
import { CashierBar } from './cashier-bar';
import { NoSale } from './no-sale';
import { SignInPanel } from './sign-in-panel';
import { needsSignIn, useShift } from './use-shift';

type Settings = MethodOutput<'getSettings'>;

export function TillDoor({ settings }: { settings: Settings }) {
  const { state, problem, refresh } = useShift();
  const refreshed = () => void refresh();
  // The till shows at once (a scan made as the screen opens is never lost); the agent
  // checks every sale, so not knowing yet who may sign in never lets a sale through.
  if (state && needsSignIn(state))
    return <SignInPanel cashiers={state.cashiers} onSignedIn={refreshed} />;
  return (
    <>
      {problem && <Notice tone="error">{problem}</Notice>}
      {state?.signedIn && <CashierBar cashier={state.signedIn} onSignedOut={refreshed} />}
      {state && (
        <NoSale
          state={state}
          typing={{ currency: settings.till.currency, locale: tillLocale(settings.till) }}
          onSaved={refreshed}
        />
      )}
      <TillScreen settings={settings} cashiers={state?.cashiers ?? []} />
    </>
  );
}
