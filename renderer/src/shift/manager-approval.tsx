// A manager's PIN on the spot. An action the agent answers with `manager_required` (no sale,
// cash out above the limit, closing the shift, adding or removing cashiers) asks for a
// manager's name and PIN here, then runs again, the same, with that approval. One piece for
// every such action.
import { useState } from 'preact/hooks';
import type { CashierView, PinEntry } from '../../../domain/cashier';
import type { ContractResult } from '../../../main/contract/contract';
import { CashierPicker } from './cashier-picker';
import { PinPad } from './pin-pad';

/** An action, run once without approval, then again with the manager's PIN. */
export type ApprovableCall<T> = (approval: PinEntry | undefined) => Promise<ContractResult<T>>;

/** Answers that mean "try another PIN", not "the action failed". */
const PIN_PROBLEMS = new Set(['wrong_pin', 'cashier_locked', 'manager_required', 'not_found']);

export const CANCELLED = {
  ok: false,
  error: { code: 'cancelled', message: 'Cancelled: nothing was done.' },
} as const;

/** The approval, if any, as a part of a call's input. */
export const withApproval = (approval: PinEntry | undefined) => (approval ? { approval } : {});

interface Asking {
  why: string;
  attempt: (entry: PinEntry) => Promise<void>;
  cancel: () => void;
}

export function useManagerApproval(cashiers: readonly CashierView[]) {
  const [asking, setAsking] = useState<Asking>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function run<T>(call: ApprovableCall<T>): Promise<ContractResult<T>> {
    const first = await call(undefined);
    if (first.ok || first.error.code !== 'manager_required') return first;
    setProblem(undefined);
    return new Promise((resolve) => {
      const finish = (result: ContractResult<T>) => {
        setAsking(undefined);
        resolve(result);
      };
      setAsking({
        why: first.error.message,
        cancel: () => finish(CANCELLED),
        async attempt(entry) {
          setBusy(true);
          const again = await call(entry);
          setBusy(false);
          if (!again.ok && PIN_PROBLEMS.has(again.error.code))
            return setProblem(again.error.message);
          finish(again);
        },
      });
    });
  }

  const prompt = asking && (
    <ManagerPrompt
      why={asking.why}
      managers={cashiers.filter((cashier) => cashier.role === 'manager')}
      problem={problem}
      busy={busy}
      onApprove={(entry) => void asking.attempt(entry)}
      onCancel={asking.cancel}
    />
  );
  return { run, prompt };
}

function ManagerPrompt(props: {
  why: string;
  managers: readonly CashierView[];
  problem: string | undefined;
  busy: boolean;
  onApprove: (entry: PinEntry) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState(
    props.managers.length === 1 ? props.managers[0]?.id : undefined,
  );
  const manager = props.managers.find((one) => one.id === chosen);
  return (
    <section class="manager-prompt" aria-labelledby="manager-prompt-title">
      <h3 id="manager-prompt-title">A manager's PIN is needed</h3>
      <p>{props.why}</p>
      <CashierPicker
        label="Which manager"
        cashiers={props.managers}
        chosen={chosen}
        onChoose={setChosen}
      />
      {manager ? (
        <PinPad
          key={manager.id}
          id="manager-pin"
          label={`Manager PIN for ${manager.name}`}
          submitLabel="Allow"
          problem={props.problem}
          busy={props.busy}
          onSubmit={(pin) => props.onApprove({ cashierId: manager.id, pin })}
          onCancel={props.onCancel}
        />
      ) : (
        <div class="actions">
          <button type="button" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}
