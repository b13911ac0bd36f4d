import { useCallback, useEffect, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { ExportForm } from '../components/export-form';
import { Field, fieldMessages, Notice } from '../components/field';
import { useLive, type Status } from '../hooks';
import { formatAgo, formatMoney, formatTime } from '../money';

type Settings = MethodOutput<'getSettings'>;
type Conflict = MethodOutput<'listConflicts'>[number];
type Sale = MethodOutput<'getSale'>;

/** Where the sales stand: what waits, what was refused and why, and Resync now. */
export function SyncScreen({
  status,
  settings,
}: {
  status: Status | undefined;
  settings: Settings;
}) {
  const { currency, currencyDecimals } = settings.till;
  const money = (minor: number) => formatMoney(minor, currency, currencyDecimals);
  const loadConflicts = useCallback(() => api.listConflicts({}), []);
  const loadSales = useCallback(() => api.listSales({ limit: 20 }), []);
  const conflicts = useLive(loadConflicts);
  const sales = useLive(loadSales);
  const [resync, setResync] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  async function resyncNow() {
    setBusy(true);
    const result = await api.resyncNow({});
    setBusy(false);
    if (!result.ok) return setResync({ tone: 'error', text: result.error.message });
    const { synced, conflict, deferred, paused, skipped } = result.value;
    const why =
      skipped === 'offline'
        ? ' The platform cannot be reached.'
        : skipped === 'lease_held'
          ? ' Another Tillsync process is sending for this till.'
          : '';
    setResync({
      tone: paused > 0 || skipped === 'paused' ? 'error' : 'ok',
      text: `Resync done: ${synced} sent, ${conflict} refused, ${deferred + paused} still waiting.${why}${paused > 0 ? ' The key was rejected.' : ''}`,
    });
  }

  return (
    <div class="sync">
      <section aria-label="Sync figures" class="figures">
        <Figure
          label="Pending"
          value={status ? status.counts.pending + status.counts.sending : undefined}
          testId="count-pending"
        />
        <Figure label="Synced" value={status?.counts.synced} testId="count-synced" />
        <Figure label="Conflicts" value={status?.counts.conflict} testId="count-conflict" />
        <Figure label="Stale (over a day)" value={status?.stale} testId="count-stale" />
        <Figure label="In doubt" value={status?.uncertain} testId="count-uncertain" />
      </section>
      {status && status.uncertain > 0 && (
        <Notice tone="error">
          {status.uncertain} sale(s) were sent without an answer and may already be on the platform
          {status.keysHonoured ? '' : ' (twice, if they were sent again)'}. Look them up on the
          platform: they are marked “may be on the platform” below.
        </Notice>
      )}
      {status?.throttledUntil && (
        <Notice tone="ok">
          The platform asked this till to slow down; sending resumes{' '}
          {formatAgo(status.throttledUntil)} by itself.
        </Notice>
      )}
      {status?.storageProblem && (
        <Notice tone="error">
          Sync cannot write to this till's database ({status.storageProblem.message}). Free disk
          space or fix the disk; nothing already saved is lost.
        </Notice>
      )}
      {status?.clockStep && (
        <Notice tone="error">
          This till's clock jumped by{' '}
          {formatAgo(Date.now() - Math.abs(status.clockStep.ms)).replace(' ago', '')}. Sync keeps
          its own steady time; please check the clock.
        </Notice>
      )}
      <dl class="times">
        <dt>Last successful sync</dt>
        <dd>{status ? formatAgo(status.lastSuccessAt) : '…'}</dd>
        <dt>Next attempt</dt>
        <dd>
          {status?.nextAttemptAt
            ? formatAgo(Math.max(status.nextAttemptAt, Date.now()))
            : 'nothing waiting'}
        </dd>
        {status?.lastError && (
          <>
            <dt>Last error</dt>
            <dd>{status.lastError.message}</dd>
          </>
        )}
      </dl>
      {status?.clockSkewMs && (
        <Notice tone="error">
          This till's clock is{' '}
          {formatAgo(Date.now() - Math.abs(status.clockSkewMs)).replace(' ago', '')} off the
          platform's. Receipts carry the till's time: please set the clock.
        </Notice>
      )}
      <div class="actions">
        <button type="button" class="primary" onClick={() => void resyncNow()} disabled={busy}>
          {busy ? 'Resyncing…' : 'Resync now'}
        </button>
        {resync && <Notice tone={resync.tone}>{resync.text}</Notice>}
      </div>

      <section aria-labelledby="conflicts-title">
        <h2 id="conflicts-title">Refused by the platform</h2>
        {conflicts.value?.length === 0 && (
          <p class="empty">None: the platform has accepted every sale it has seen.</p>
        )}
        <ul class="conflicts">
          {conflicts.value?.map((conflict) => (
            <ConflictItem
              key={`${conflict.saleId}-${conflict.revision}`}
              conflict={conflict}
              money={money}
              settings={settings}
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby="recent-title">
        <h2 id="recent-title">Recent sales</h2>
        <table class="sales">
          <thead>
            <tr>
              <th scope="col">Receipt</th>
              <th scope="col">Time</th>
              <th scope="col">Total</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {sales.value?.sales.map((sale) => (
              <tr key={sale.id} data-receipt={sale.receiptNumber}>
                <td>#{sale.receiptNumber}</td>
                <td>{formatTime(sale.createdAt)}</td>
                <td>{money(sale.totalMinor)}</td>
                <td>
                  <span class={`state state-${sale.state}`}>{sale.state}</span>
                  {sale.uncertain && <span class="doubt"> may be on the platform</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <ExportForm />
    </div>
  );
}

function Figure({
  label,
  value,
  testId,
}: {
  label: string;
  value: number | undefined;
  testId: string;
}) {
  return (
    <div class="figure">
      <span class="figure-value" data-testid={testId}>
        {value ?? '…'}
      </span>
      <span class="figure-label">{label}</span>
    </div>
  );
}

function ConflictItem({
  conflict,
  money,
  settings,
}: {
  conflict: Conflict;
  money: (minor: number) => string;
  settings: Settings;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'discard'>('view');
  const [problem, setProblem] = useState<string>();
  const retry = async () => {
    const result = await api.retryConflict({ saleId: conflict.saleId });
    if (!result.ok) setProblem(result.error.message);
  };
  return (
    <li class="conflict" data-receipt={conflict.receiptNumber}>
      <p>
        <strong>Receipt #{conflict.receiptNumber}</strong>, {formatTime(conflict.createdAt)},{' '}
        {money(conflict.totalMinor)}
      </p>
      <p class="reason">{conflict.reason ?? 'No reason was given.'}</p>
      {conflict.uncertain && (
        <p class="doubt">
          An attempt to send it got no answer: it may already be on the platform. Look for it there
          before you edit it.
        </p>
      )}
      {mode === 'view' && (
        <div class="actions">
          <button type="button" onClick={() => void retry()}>
            Retry
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
        <ConflictEditor
          saleId={conflict.saleId}
          settings={settings}
          onDone={() => setMode('view')}
        />
      )}
      {mode === 'discard' && (
        <DiscardForm saleId={conflict.saleId} onDone={() => setMode('view')} />
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
    </li>
  );
}

function DiscardForm({ saleId, onDone }: { saleId: string; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const id = `discard-${saleId}`;
  async function discard(event: Event) {
    event.preventDefault();
    const result = await api.discardConflict({ saleId, reason });
    if (!result.ok)
      return setError(fieldMessages(result.error.fields)['/reason'] ?? result.error.message);
    onDone();
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
      <button type="button" class="link" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

function ConflictEditor({
  saleId,
  settings,
  onDone,
}: {
  saleId: string;
  settings: Settings;
  onDone: () => void;
}) {
  const [sale, setSale] = useState<Sale>();
  const [items, setItems] = useState<Array<{ productId: string; quantity: string; price: string }>>(
    [],
  );
  const [payment, setPayment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [mustCheck, setMustCheck] = useState(false);
  const [checkedPlatform, setCheckedPlatform] = useState(false);

  useEffect(() => {
    void api.getSale({ saleId }).then((result) => {
      if (!result.ok) return setProblem(result.error.message);
      setSale(result.value);
      setItems(
        result.value.items.map((item) => ({
          productId: item.productId,
          quantity: String(item.quantity),
          price: String(item.price),
        })),
      );
      setPayment(result.value.paymentMethod);
    });
  }, [saleId]);

  if (!sale) return <p>Loading the sale…{problem && <Notice tone="error">{problem}</Notice>}</p>;

  const change = (index: number, field: 'productId' | 'quantity' | 'price', value: string) =>
    setItems((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  async function save(event: Event) {
    event.preventDefault();
    if (!sale) return;
    const result = await api.editConflict({
      saleId,
      sale: {
        items: items.map((row) => ({
          productId: row.productId.trim(),
          quantity: Number(row.quantity),
          price: Number(row.price),
        })),
        paymentMethod: payment,
        ...(sale.customerId ? { customerId: sale.customerId } : {}),
        ...(sale.shopId ? { shopId: sale.shopId } : {}),
      },
      ...(checkedPlatform ? { checkedPlatform } : {}),
    });
    if (!result.ok) {
      if (result.error.code === 'may_be_on_platform') setMustCheck(true);
      setErrors(
        fieldMessages(
          result.error.fields?.map((f) => ({ ...f, path: f.path.replace(/^\/sale/, '') })),
        ),
      );
      return setProblem(result.error.message);
    }
    onDone();
  }

  return (
    <form class="inline-form editor" onSubmit={(event) => void save(event)}>
      {items.map((row, index) => (
        <fieldset key={index} class="edit-line">
          <legend>Line {index + 1}</legend>
          <Field
            id={`edit-${saleId}-${index}-product`}
            label="Product id"
            error={errors[`/items/${index}/productId`]}
          >
            <input
              id={`edit-${saleId}-${index}-product`}
              value={row.productId}
              onInput={(event) => change(index, 'productId', event.currentTarget.value)}
            />
          </Field>
          <Field
            id={`edit-${saleId}-${index}-quantity`}
            label="Quantity"
            error={errors[`/items/${index}/quantity`]}
          >
            <input
              id={`edit-${saleId}-${index}-quantity`}
              inputMode="decimal"
              value={row.quantity}
              onInput={(event) => change(index, 'quantity', event.currentTarget.value)}
            />
          </Field>
          <Field
            id={`edit-${saleId}-${index}-price`}
            label="Price"
            error={errors[`/items/${index}/price`]}
          >
            <input
              id={`edit-${saleId}-${index}-price`}
              inputMode="decimal"
              value={row.price}
              onInput={(event) => change(index, 'price', event.currentTarget.value)}
            />
          </Field>
        </fieldset>
      ))}
      <Field id={`edit-${saleId}-payment`} label="Payment method">
        <select
          id={`edit-${saleId}-payment`}
          value={payment}
          onChange={(event) => setPayment(event.currentTarget.value)}
        >
          {settings.till.paymentMethods.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
      </Field>
      {mustCheck && (
        <label class="check">
          <input
            type="checkbox"
            checked={checkedPlatform}
            onChange={(event) => setCheckedPlatform(event.currentTarget.checked)}
          />{' '}
          I looked on the platform: this sale is not there
        </label>
      )}
      <button type="submit" class="primary">
        Save and send again
      </button>
      <button type="button" class="link" onClick={onDone}>
        Cancel
      </button>
      {problem && <Notice tone="error">{problem}</Notice>}
    </form>
  );
}
