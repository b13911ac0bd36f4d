// A return at the till: the sale (scanned off its receipt, typed or searched), its lines with
// what was sold, returned before and can still come back, the quantities, a reason and how
// the money goes back; a manager's PIN where the till has cashiers; then the refund receipt,
// shown and printed. The agent checks and decides everything again.
import { useEffect, useState } from 'preact/hooks';
import type { CashierView } from '../../../domain/cashier';
import { CASH_METHOD } from '../../../domain/payment-methods';
import {
  refundFor,
  returnLabel,
  type RefundMethod,
  type RefundReceipt,
  type ReturnableSale,
} from '../../../domain/returns';
import { QUANTITY_DECIMALS } from '../../../domain/money';
import { ok } from '../../../domain/result';
import { parseQuantity } from '../../../domain/typed-amounts';
import { methodLabel } from '../../../domain/views/money-format';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { tillLocale } from '../locale';
import { fieldMessages, InputField, Notice } from '../components/field';
import { RefundPaper } from '../components/paper';
import { formatTime } from '../money';
import { printDocument, setPrintable } from '../print';
import { askPrinter, printsDirect, usePrinter } from '../printer';
import { useManagerApproval, withApproval } from '../shift/manager-approval';
import { ReturnFinder } from './return-finder';
import { useWords } from '../words';

type Till = MethodOutput<'getSettings'>['till'];

/** Thousandths, as the store counts quantities (empty: none), typed in the till's locale. */
const quantityOf = (text: string, locale: string) =>
  text.trim() === '' ? ok(0) : parseQuantity(text, locale, 'Quantity to return');

export function ReturnPanel(props: {
  /** A receipt number or scanned code to open at once; empty: find the sale first. */
  start: string;
  till: Till;
  money: (minor: number) => string;
  onClose: () => void;
}) {
  const words = useWords();
  const { till, money } = props;
  const [sale, setSale] = useState<ReturnableSale>();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<RefundMethod>('original');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<RefundReceipt>();
  const [busy, setBusy] = useState(false);
  const [cashiers, setCashiers] = useState<readonly CashierView[]>([]);
  const approval = useManagerApproval(cashiers);
  // With the till's own printer the agent prints the refund after the return by itself.
  const direct = printsDirect(usePrinter());

  async function find(receipt: string) {
    const found = await api.findSaleForReturn({ receipt });
    setProblem(found.ok ? (found.value.notReturnable ?? undefined) : found.error.message);
    setSale(found.ok ? found.value : undefined);
    setQuantities({});
    setErrors({});
  }
  useEffect(() => {
    if (props.start) void find(props.start);
    void api.getShift({}).then((shift) => shift.ok && setCashiers(shift.value.cashiers));
  }, [props.start]);

  const paper = (value: RefundReceipt) => (
    <RefundPaper receipt={value} width={till.receiptWidth} decimals={till.currencyDecimals} />
  );

  if (done)
    return (
      <section class="return-panel" aria-label={`Refund ${returnLabel(done.returnNumber)}`}>
        <Notice tone="ok">
          {returnLabel(done.returnNumber)} recorded against receipt #{done.saleReceiptNumber}.{' '}
          {done.refundPaymentMethod === CASH_METHOD
            ? `Give back ${money(done.totalMinor)} in cash.`
            : `Refund ${money(done.totalMinor)} by ${methodLabel(done.refundPaymentMethod)}.`}
        </Notice>
        {paper(done)}
        <div class="actions">
          <button
            type="button"
            class="primary"
            onClick={() =>
              void (
                direct
                  ? askPrinter(api.printRefund({ returnNumber: done.returnNumber }))
                  : printDocument(paper(done))
              ).then(setProblem)
            }
          >
            Print refund receipt
          </button>
          <button type="button" onClick={props.onClose}>
            Done
          </button>
        </div>
        {problem && <Notice tone="error">{problem}</Notice>}
      </section>
    );

  if (!sale)
    return (
      <section class="return-panel" aria-label="Return a sale">
        <h2>Return against a receipt</h2>
        {problem && <Notice tone="error">{problem}</Notice>}
        <ReturnFinder
          typing={{ currency: till.currency, locale: tillLocale(till) }}
          money={money}
          onFind={(receipt) => void find(receipt)}
          onCancel={props.onClose}
        />
      </section>
    );

  const locale = tillLocale(till);
  /** A quantity as the shop writes it: 0.5 is "0,5" in Germany. */
  const count = (quantity: number) =>
    quantity.toLocaleString(locale, { maximumFractionDigits: QUANTITY_DECIMALS });
  const chosen = sale.lines.map((line) => {
    const read = quantityOf(quantities[line.lineNumber] ?? '', locale);
    return {
      line,
      milli: read.ok ? read.value : undefined,
      problem: read.ok ? undefined : read.error.message,
    };
  });
  const wanted = chosen.filter((one) => one.milli !== 0);
  const tooMany = (one: Pick<(typeof chosen)[number], 'line' | 'milli'>) =>
    one.milli === undefined || one.milli > Math.round(one.line.returnableQuantity * 1000);
  const refundMinor = wanted.reduce(
    (sum, { line, milli }) =>
      tooMany({ line, milli })
        ? sum
        : sum +
          refundFor(
            line.chargedTotalMinor,
            Math.round(line.soldQuantity * 1000),
            Math.round(line.returnedQuantity * 1000),
            milli!,
          ),
    0,
  );
  const blocked =
    sale.notReturnable ??
    (wanted.length === 0
      ? 'Type how many of a line come back.'
      : wanted.some(tooMany)
        ? 'A quantity is more than can still be returned.'
        : undefined);

  async function submit(event: Event) {
    event.preventDefault();
    if (!sale || blocked) return;
    setBusy(true);
    const lines = wanted.map(({ line, milli }) => ({
      lineNumber: line.lineNumber,
      quantity: milli! / 1000,
    }));
    const result = await approval.run((given) =>
      api.recordReturn({
        receipt: String(sale.receiptNumber),
        reason,
        lines,
        refund,
        ...withApproval(given),
      }),
    );
    setBusy(false);
    if (result.ok) {
      setPrintable(paper(result.value));
      if (till.printAfterSale && !direct) void printDocument(paper(result.value), { silent: true });
      return setDone(result.value);
    }
    if (result.error.code === 'cancelled') return;
    setErrors(fieldMessages(result.error.fields, words));
    setProblem(result.error.message);
  }

  return (
    <section class="return-panel" aria-label={`Return from receipt #${sale.receiptNumber}`}>
      <h2>Return from receipt #{sale.receiptNumber}</h2>
      <p>
        {formatTime(sale.createdAt)} · {money(sale.totalMinor)} paid by{' '}
        {methodLabel(sale.paymentMethod)}
        {sale.customerName ? ` · ${sale.customerName}` : ''}
        {sale.archived ? ' · from the archive' : ''}
        {sale.returnNumbers.length > 0
          ? ` · returned before: ${sale.returnNumbers.map(returnLabel).join(', ')}`
          : ''}
      </p>
      {problem && <Notice tone="error">{problem}</Notice>}
      <form onSubmit={(event) => void submit(event)}>
        <table class="return-lines">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Sold</th>
              <th scope="col">Returned before</th>
              <th scope="col">Can return</th>
              <th scope="col">Return now</th>
            </tr>
          </thead>
          <tbody>
            {chosen.map((one) => (
              <tr key={one.line.lineNumber} data-line={one.line.lineNumber}>
                <th scope="row">
                  {one.line.lineNumber}. {one.line.name}
                </th>
                <td>{count(one.line.soldQuantity)}</td>
                <td>{count(one.line.returnedQuantity)}</td>
                <td>{count(one.line.returnableQuantity)}</td>
                <td>
                  <InputField
                    id={`return-quantity-${one.line.lineNumber}`}
                    label={`Quantity of ${one.line.name} to return`}
                    inputMode="decimal"
                    value={quantities[one.line.lineNumber] ?? ''}
                    onValue={(text) =>
                      setQuantities({ ...quantities, [one.line.lineNumber]: text })
                    }
                    disabled={one.line.returnableQuantity === 0}
                    error={
                      one.problem ??
                      (one.milli !== 0 && tooMany(one)
                        ? `at most ${count(one.line.returnableQuantity)}`
                        : errors[`/lines/${wanted.indexOf(one)}/quantity`])
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <InputField
          id="return-reason"
          label="Why is it returned?"
          value={reason}
          onValue={setReason}
          error={errors['/reason']}
        />
        <fieldset class="refund-method">
          <legend>Money back</legend>
          <label>
            <input
              type="radio"
              name="refund"
              checked={refund === 'original'}
              onChange={() => setRefund('original')}
            />{' '}
            By {methodLabel(sale.paymentMethod)} (as paid)
          </label>
          <label>
            <input
              type="radio"
              name="refund"
              checked={refund === 'cash'}
              onChange={() => setRefund('cash')}
            />{' '}
            In cash
          </label>
        </fieldset>
        <p class="total" data-testid="refund-total">
          {refund === 'cash' || sale.paymentMethod === CASH_METHOD
            ? `Give back ${money(refundMinor)} in cash`
            : `Refund ${money(refundMinor)} by ${methodLabel(sale.paymentMethod)}`}
        </p>
        {blocked && <p class="hint">{blocked}</p>}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy || Boolean(blocked)}>
            {busy ? 'Recording…' : 'Confirm return'}
          </button>
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
        </div>
        {approval.prompt}
      </form>
    </section>
  );
}
