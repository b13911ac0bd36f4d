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
import type { Translator } from '../../../domain/i18n/messages';
import { PARKED_UNCERTAIN } from '../../../domain/outcomes';

type Settings = MethodOutput<'getSettings'>;
type RefusedSale = MethodOutput<'listRefused'>[number];
type Change = MethodOutput<'retryRefused'>;

/**
 * Why the sale was refused: the platform's own reason is data, quoted as it came; a sale
 * parked for want of an answer is said in our words.
 */
function reasonOf(refusedSale: RefusedSale, { t }: Translator): string {
  if (refusedSale.lastErrorCode === PARKED_UNCERTAIN) return t('sync.refused.parked');
  if (!refusedSale.lastErrorReason) return t('sync.refused.noReason');
  return t('sync.refused.reason', { reason: refusedSale.lastErrorReason });
}

/** What a person is told after acting on a refused sale (the row itself goes away). */
function describeChange(
  action: 'retry' | 'edit' | 'discard',
  change: Change,
  { t }: Translator,
): string {
  const receipt = String(change.receiptNumber);
  if (action === 'discard') return t('sync.refused.discarded', { receipt });
  if (action === 'edit')
    return t('sync.refused.corrected', { receipt, revision: String(change.revision) });
  return t('sync.refused.queued', { receipt });
}

/** The notice for an action, true while the sale stays where the action left it. */
export function noticeOf(
  action: 'retry' | 'edit' | 'discard',
  change: Change,
  words: Translator,
): ScreenNotice {
  return {
    tone: 'ok',
    text: describeChange(action, change, words),
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
  const words = useWords();
  const { t } = words;
  const [mode, setMode] = useState<'view' | 'edit' | 'discard'>('view');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    const result = await api.retryRefused({ saleId: refusedSale.saleId });
    setBusy(false);
    if (!result.ok) return setProblem(words.error(result.error));
    onDone(noticeOf('retry', result.value, words));
  };
  return (
    <li class="refused" data-receipt={refusedSale.receiptNumber}>
      <p>
        <strong>{t('sync.refused.receipt', { receipt: String(refusedSale.receiptNumber) })}</strong>
        , {formatTime(refusedSale.createdAt)}, {money(refusedSale.totalMinor)}
      </p>
      <p class="reason">{reasonOf(refusedSale, words)}</p>
      {refusedSale.uncertain && <p class="doubt">{t('sync.refused.doubt')}</p>}
      {mode === 'view' && (
        <div class="actions">
          <button type="button" onClick={() => void retry()} disabled={busy}>
            {t(busy ? 'sync.refused.retrying' : 'sync.refused.retry')}
          </button>
          <button type="button" onClick={() => setMode('edit')}>
            {t('sync.refused.edit')}
          </button>
          <button type="button" onClick={() => setMode('discard')}>
            {t('sync.refused.discard')}
          </button>
        </div>
      )}
      {mode === 'edit' && (
        <RefusedEditor
          saleId={refusedSale.saleId}
          settings={settings}
          money={money}
          onCancel={() => setMode('view')}
          onDone={(change) => onDone(noticeOf('edit', change, words))}
        />
      )}
      {mode === 'discard' && (
        <DiscardForm
          saleId={refusedSale.saleId}
          onCancel={() => setMode('view')}
          onDone={(change) => onDone(noticeOf('discard', change, words))}
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
      return setError(
        fieldMessages(result.error.fields, words)['/reason'] ?? words.error(result.error),
      );
    onDone(result.value);
  }
  return (
    <form class="inline-form" onSubmit={(event) => void discard(event)}>
      <Field id={id} label={words.t('sync.discard.why')} error={error}>
        <input
          id={id}
          value={reason}
          onInput={(event) => setReason(event.currentTarget.value)}
          aria-invalid={Boolean(error)}
        />
      </Field>
      <button type="submit">{words.t('sync.discard.submit')}</button>
      <button type="button" class="link" onClick={onCancel}>
        {words.t('sync.cancel')}
      </button>
    </form>
  );
}
