// A manager's PIN on the spot. An action the agent answers with `manager_required` (no sale,
// cash out above the limit, closing the shift, adding or removing cashiers) asks for a
// manager's name and PIN here, then runs again, the same, with that approval. One piece for
// every such action.
import { useState } from 'preact/hooks';
import type { CashierView, PinEntry } from '../../../domain/cashier';
import { said } from '../../../domain/i18n/said';
import type { ContractResult } from '../../../main/contract/contract';
import { CashierPicker } from './cashier-picker';
import { PinPad } from './pin-pad';
import { useWords } from '../words';

/** An action, run once without approval, then again with the manager's PIN. */
export type ApprovableCall<T> = (approval: PinEntry | undefined) => Promise<ContractResult<T>>;

/** Answers that mean "try another PIN", not "the action failed". */
const PIN_PROBLEMS = new Set(['wrong_pin', 'cashier_locked', 'manager_required', 'not_found']);

export const CANCELLED = {
  ok: false,
  error: { code: 'cancelled', ...said('shift.approval.cancelled') },
} as const;

/** The approval, if any, as a part of a call's input. */
export const withApproval = (approval: PinEntry | undefined) => (approval ? { approval } : {});

interface Asking {
  why: string;
  attempt: (entry: PinEntry) => Promise<void>;
  cancel: () => void;
}

export function useManagerApproval(cashiers: readonly CashierView[]) {
  const words = useWords();
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
        why: words.error(first.error),
        cancel: () => finish(CANCELLED),
        async attempt(entry) {
          setBusy(true);
          const again = await call(entry);
          setBusy(false);
          if (!again.ok && PIN_PROBLEMS.has(again.error.code))
            return setProblem(words.error(again.error));
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
  const words = useWords();
  const [chosen, setChosen] = useState(
    props.managers.length === 1 ? props.managers[0]?.id : undefined,
  );
  const manager = props.managers.find((one) => one.id === chosen);
  return (
    <section class="manager-prompt" aria-labelledby="manager-prompt-title">
      <h3 id="manager-prompt-title">{words.t('shift.approval.title')}</h3>
      <p>{props.why}</p>
      <CashierPicker
        label={words.t('shift.approval.which')}
        cashiers={props.managers}
        chosen={chosen}
        onChoose={setChosen}
      />
      {manager ? (
        <PinPad
          key={manager.id}
          id="manager-pin"
          label={words.t('shift.approval.pinFor', { name: manager.name })}
          submitLabel={words.t('shift.approval.allow')}
          problem={props.problem}
          busy={props.busy}
          onSubmit={(pin) => props.onApprove({ cashierId: manager.id, pin })}
          onCancel={props.onCancel}
        />
      ) : (
        <div class="actions">
          <button type="button" onClick={props.onCancel}>
            {words.t('shift.action.cancel')}
          </button>
        </div>
      )}
    </section>
  );
}
