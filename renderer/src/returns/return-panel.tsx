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
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { tillLocale } from '../locale';
import { fieldMessages, InputField, Notice } from '../components/field';
import { RefundPaper } from '../components/paper';
import { formatTime } from '../money';
import { printDocument, setPrintable } from '../print';
import { printsDirect, usePrinter } from '../printer';
import { useManagerApproval, withApproval } from '../shift/manager-approval';
import { methodWords, moneyBackWords } from '../till/said-words';
import { RefundDone } from './refund-done';
import { ReturnFinder } from './return-finder';
import { useWords } from '../words';

type Till = MethodOutput<'getSettings'>['till'];

/** Thousandths, as the store counts quantities (empty: none), typed in the till's locale. */
const quantityOf = (text: string, locale: string, field: string) =>
  text.trim() === '' ? ok(0) : parseQuantity(text, locale, field);

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
    setProblem(found.ok ? (found.value.notReturnable ?? undefined) : words.error(found.error));
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
      <RefundDone
        done={done}
        paper={() => paper(done)}
        direct={direct}
        money={money}
        onClose={props.onClose}
      />
    );

  if (!sale)
    return (
      <section class="return-panel" aria-label={words.t('till.return.start')}>
        <h2>{words.t('till.return.heading')}</h2>
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
  const heading = words.t('till.return.from', { number: String(sale.receiptNumber) });
  /** A quantity as the shop writes it: 0.5 is "0,5" in Germany. */
  const count = (quantity: number) =>
    quantity.toLocaleString(locale, { maximumFractionDigits: QUANTITY_DECIMALS });
  const chosen = sale.lines.map((line) => {
    const typed = quantities[line.lineNumber] ?? '';
    const read = quantityOf(typed, locale, words.t('till.return.quantityField'));
    return {
      line,
      milli: read.ok ? read.value : undefined,
      problem: read.ok ? undefined : words.say(read.error),
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
      ? words.t('till.return.noQuantity')
      : wanted.some(tooMany)
        ? words.t('till.return.tooMany')
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
      if (till.printAfterSale && !direct)
        void printDocument(paper(result.value), { silent: true, words });
      return setDone(result.value);
    }
    if (result.error.code === 'cancelled') return;
    setErrors(fieldMessages(result.error.fields, words));
    setProblem(words.error(result.error));
  }

  return (
    <section class="return-panel" aria-label={heading}>
      <h2>{heading}</h2>
      <p>
        {[
          words.t('till.return.paidBy', {
            time: formatTime(sale.createdAt),
            total: money(sale.totalMinor),
            method: methodWords(sale.paymentMethod, words),
          }),
          sale.customerName,
          sale.archived && words.t('till.return.fromArchive'),
          sale.returnNumbers.length > 0 &&
            words.t('till.return.returnedBefore', {
              list: sale.returnNumbers.map(returnLabel).join(', '),
            }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {problem && <Notice tone="error">{problem}</Notice>}
      <form onSubmit={(event) => void submit(event)}>
        <table class="return-lines">
          <thead>
            <tr>
              <th scope="col">{words.t('till.return.col.line')}</th>
              <th scope="col">{words.t('till.return.col.sold')}</th>
              <th scope="col">{words.t('till.return.col.returnedBefore')}</th>
              <th scope="col">{words.t('till.return.col.canReturn')}</th>
              <th scope="col">{words.t('till.return.col.returnNow')}</th>
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
                    label={words.t('till.return.quantityOf', { name: one.line.name })}
                    inputMode="decimal"
                    value={quantities[one.line.lineNumber] ?? ''}
                    onValue={(text) =>
                      setQuantities({ ...quantities, [one.line.lineNumber]: text })
                    }
                    disabled={one.line.returnableQuantity === 0}
                    error={
                      one.problem ??
                      (one.milli !== 0 && tooMany(one)
                        ? words.t('till.return.atMost', {
                            count: count(one.line.returnableQuantity),
                          })
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
          label={words.t('till.return.why')}
          value={reason}
          onValue={setReason}
          error={errors['/reason']}
        />
        <fieldset class="refund-method">
          <legend>{words.t('till.return.moneyBack')}</legend>
          <label>
            <input
              type="radio"
              name="refund"
              checked={refund === 'original'}
              onChange={() => setRefund('original')}
            />{' '}
            {words.t('till.return.asPaid', { method: methodWords(sale.paymentMethod, words) })}
          </label>
          <label>
            <input
              type="radio"
              name="refund"
              checked={refund === 'cash'}
              onChange={() => setRefund('cash')}
            />{' '}
            {words.t('till.return.inCash')}
          </label>
        </fieldset>
        <p class="total" data-testid="refund-total">
          {moneyBackWords(
            refund === 'cash' ? CASH_METHOD : sale.paymentMethod,
            money(refundMinor),
            words,
          )}
        </p>
        {blocked && <p class="hint">{blocked}</p>}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy || Boolean(blocked)}>
            {busy ? words.t('till.return.busy') : words.t('till.return.confirm')}
          </button>
          <button type="button" onClick={props.onClose}>
            {words.t('till.cancel')}
          </button>
        </div>
        {approval.prompt}
      </form>
    </section>
  );
}
