// A sale the platform refused, on the Sync screen: its reason, and what a person can do
// about it: retry it as it is, fix it (a new revision), or discard it with a reason.
import { useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { formatTime } from '../money';
import type { ScreenNotice } from '../sale-notice';
import { Field, fieldMessages, Notice } from './field';
import { RefusedEditor } from './refused-editor';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;
type RefusedSale = MethodOutput<'listRefused'>[number];
type Change = MethodOutput<'retryRefused'>;

/** What a person is told after acting on a refused sale (the row itself goes away). */
function describeChange(action: 'retry' | 'edit' | 'discard', change: Change): string {
  const receipt = `Receipt #${change.receiptNumber}`;
  if (action === 'discard') return `${receipt} discarded: it stays on record on this till.`;
  if (action === 'edit')
    return `${receipt} corrected (revision ${change.revision}) and queued: it is sent in a moment.`;
  return `${receipt} queued again as it was: it is sent in a moment.`;
}

/** The notice for an action, true while the sale stays where the action left it. */
export function noticeOf(action: 'retry' | 'edit' | 'discard', change: Change): ScreenNotice {
  return {
    tone: 'ok',
    text: describeChange(action, change),
    sale: {
      saleId: change.saleId,
      holdsWhile: change.state === 'discarded' ? ['discarded'] : ['pending', 'sending'],
    },
  };
}

export function RefusedItem({
  refusedSale,
  money,
  settings,
  onDone,
}: {
  refusedSale: RefusedSale;
  money: (minor: number) => string;
  settings: Settings;
  /** Called with what happened, once the sale left the list of refused sales. */
  onDone: (notice: ScreenNotice) => void;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'discard'>('view');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    const result = await api.retryRefused({ saleId: refusedSale.saleId });
    setBusy(false);
    if (!result.ok) return setProblem(result.error.message);
    onDone(noticeOf('retry', result.value));
  };
  return (
    <li class="refused" data-receipt={refusedSale.receiptNumber}>
      <p>
        <strong>Receipt #{refusedSale.receiptNumber}</strong>, {formatTime(refusedSale.createdAt)},{' '}
        {money(refusedSale.totalMinor)}
      </p>
      <p class="reason">{refusedSale.lastErrorReason ?? 'No reason was given.'}</p>
      {refusedSale.uncertain && (
        <p class="doubt">
          An attempt to send it got no answer: it may already be on the platform. Look for it there
          before you edit it.
        </p>
      )}
      {mode === 'view' && (
        <div class="actions">
          <button type="button" onClick={() => void retry()} disabled={busy}>
            {busy ? 'Retrying…' : 'Retry'}
          </button>
          <button type="button" onClick={() => setMode('edit')}>
            Edit
          </button>
          <button type="button" onClick={() => setMode('discard')}>
            Discard
          </button>
        </div>
      )}
      {mode === 'edit' && (
        <RefusedEditor
          saleId={refusedSale.saleId}
          settings={settings}
          money={money}
          onCancel={() => setMode('view')}
          onDone={(change) => onDone(noticeOf('edit', change))}
        />
      )}
      {mode === 'discard' && (
        <DiscardForm
          saleId={refusedSale.saleId}
          onCancel={() => setMode('view')}
          onDone={(change) => onDone(noticeOf('discard', change))}
        />
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
    </li>
  );
}

function DiscardForm({
  saleId,
  onCancel,
  onDone,
}: {
  saleId: string;
  onCancel: () => void;
  onDone: (change: Change) => void;
}) {
  const words = useWords();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const id = `discard-${saleId}`;
  async function discard(event: Event) {
    event.preventDefault();
    const result = await api.discardRefused({ saleId, reason });
    if (!result.ok)
      return setError(fieldMessages(result.error.fields, words)['/reason'] ?? result.error.message);
    onDone(result.value);
  }
  return (
    <form class="inline-form" onSubmit={(event) => void discard(event)}>
      <Field id={id} label="Why discard this sale? (it stays on record)" error={error}>
        <input
          id={id}
          value={reason}
          onInput={(event) => setReason(event.currentTarget.value)}
          aria-invalid={Boolean(error)}
        />
      </Field>
      <button type="submit">Discard sale</button>
      <button type="button" class="link" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
