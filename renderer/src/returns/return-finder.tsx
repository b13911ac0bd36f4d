// Finding the sale to return when the customer has no receipt to scan: its receipt number
// typed, or a search by day, amount paid or customer. The agent searches the till's whole
// history, archives included, with no connection.
import { useState } from 'preact/hooks';
import { parseAmount } from '../../../domain/typed-amounts';
import type { ReturnCandidate } from '../../../domain/returns';
import { api } from '../api';
import { InputField, Notice } from '../components/field';
import { formatTime } from '../money';
import type { MoneyTyping } from '../shift/amount';
import { useWords } from '../words';

export function ReturnFinder(props: {
  /** The till's currency and the locale its amounts are typed in. */
  typing: MoneyTyping;
  money: (minor: number) => string;
  onFind: (receipt: string) => void;
  onCancel: () => void;
}) {
  const words = useWords();
  const [receipt, setReceipt] = useState('');
  const [day, setDay] = useState('');
  const [amount, setAmount] = useState('');
  const [customer, setCustomer] = useState('');
  const [found, setFound] = useState<ReturnCandidate[]>();
  const [problem, setProblem] = useState<string>();

  async function search(event: Event) {
    event.preventDefault();
    const read = amount.trim()
      ? parseAmount(amount, { ...props.typing, field: words.t('till.return.finder.amount') })
      : undefined;
    if (read && !read.ok) return setProblem(`${words.say(read.error)}.`);
    const amountMinor = read?.value;
    const result = await api.searchSalesForReturn({
      ...(day ? { day } : {}),
      ...(amountMinor !== undefined ? { amountMinor } : {}),
      ...(customer.trim() ? { customer: customer.trim() } : {}),
    });
    setProblem(result.ok ? undefined : words.error(result.error));
    setFound(result.ok ? result.value : undefined);
  }

  return (
    <div class="return-finder">
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (receipt.trim()) props.onFind(receipt.trim());
        }}
      >
        <InputField
          id="return-receipt"
          label={words.t('till.return.finder.receipt')}
          value={receipt}
          onValue={setReceipt}
          inputMode="text"
        />
        <button type="submit" class="primary">
          {words.t('till.return.finder.find')}
        </button>
        <button type="button" class="link" onClick={props.onCancel}>
          {words.t('till.cancel')}
        </button>
      </form>
      <form class="inline-form" onSubmit={(event) => void search(event)}>
        <InputField
          id="return-day"
          label={words.t('till.return.finder.day')}
          type="date"
          value={day}
          onValue={setDay}
        />
        <InputField
          id="return-amount"
          label={words.t('till.return.finder.amount')}
          inputMode="decimal"
          value={amount}
          onValue={setAmount}
        />
        <InputField
          id="return-customer"
          label={words.t('till.return.finder.customer')}
          value={customer}
          onValue={setCustomer}
        />
        <button type="submit">{words.t('till.return.finder.search')}</button>
      </form>
      {problem && <Notice tone="error">{problem}</Notice>}
      {found && found.length === 0 && <p>{words.t('till.return.finder.none')}</p>}
      {found && found.length > 0 && (
        <table class="sales return-candidates">
          <tbody>
            {found.map((sale) => (
              <tr key={sale.saleId} data-receipt={sale.receiptNumber}>
                <td>#{sale.receiptNumber}</td>
                <td>{formatTime(sale.createdAt)}</td>
                <td>{props.money(sale.totalMinor)}</td>
                <td>{sale.customerName ?? ''}</td>
                <td>
                  {words.t('till.return.finder.state', {
                    archived: sale.archived ? 'yes' : 'no',
                    state: sale.state,
                  })}
                </td>
                <td>
                  <button type="button" onClick={() => props.onFind(String(sale.receiptNumber))}>
                    {words.t('till.return.finder.returnFrom', {
                      number: String(sale.receiptNumber),
                    })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
