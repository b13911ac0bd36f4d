// A sale the platform refused, on the Sync screen: its reason, and what a person can do
// about it: retry it as it is, fix it (a new revision), or discard it with a reason.
import { useEffect, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { CASH_METHOD } from '../../../domain/payment-methods';
import { api } from '../api';
import { formatTime } from '../money';
import type { ScreenNotice } from '../sale-notice';
import { Field, fieldMessages, Notice } from './field';

type Settings = MethodOutput<'getSettings'>;
type RefusedSale = MethodOutput<'listRefused'>[number];
type Sale = MethodOutput<'getSale'>;
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
      id: change.saleId,
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const id = `discard-${saleId}`;
  async function discard(event: Event) {
    event.preventDefault();
    const result = await api.discardRefused({ saleId, reason });
    if (!result.ok)
      return setError(fieldMessages(result.error.fields)['/reason'] ?? result.error.message);
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

function RefusedEditor({
  saleId,
  settings,
  money,
  onCancel,
  onDone,
}: {
  saleId: string;
  settings: Settings;
  money: (minor: number) => string;
  onCancel: () => void;
  onDone: (change: Change) => void;
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
    const result = await api.editRefused({
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
    onDone(result.value);
  }

  return (
    <form class="inline-form editor" onSubmit={(event) => void save(event)}>
      <p class="hint">
        Fix what the platform refused: a product id, or the payment method's name. The total stays{' '}
        {money(sale.totalMinor)}, what the customer paid
        {sale.paymentMethod === CASH_METHOD ? ' in cash' : ''}.
      </p>
      {errors['/items'] && <Notice tone="error">{errors['/items']}</Notice>}
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
      <Field id={`edit-${saleId}-payment`} label="Payment method" error={errors['/paymentMethod']}>
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
      <button type="button" class="link" onClick={onCancel}>
        Cancel
      </button>
      {problem && <Notice tone="error">{problem}</Notice>}
    </form>
  );
}
