// Settings of the counter: what the receipt says and how it prints, and when a sale asks
// "are you sure?" before it is charged. Its amount and quantity are typed the way the till's
// locale writes numbers ("250,50" in Germany).
import { useState } from 'preact/hooks';
import { typedText } from '../../../domain/locale-numbers';
import { currencyDecimals, QUANTITY_DECIMALS } from '../../../domain/money';
import { RECEIPT_WIDTHS, type ReceiptWidth } from '../../../domain/sale-states';
import { parseQuantity } from '../../../domain/typed-amounts';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { tillLocale } from '../locale';
import { amountOf, typedAmount } from '../shift/amount';
import { Check, errorFeedback, Field, InputField, Notice, type Feedback } from './field';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;

export function CounterSettingsForm(props: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const words = useWords();
  const { till } = props.settings;
  const typing = { currency: till.currency, locale: tillLocale(till) };
  // The settings keep whole units (a price, a quantity); typed and read here exactly.
  const amountScale = 10 ** currencyDecimals(till.currency);
  const quantityScale = 10 ** QUANTITY_DECIMALS;
  const [shopName, setShopName] = useState(till.shopName);
  const [width, setWidth] = useState<ReceiptWidth>(till.receiptWidth);
  const [printAfterSale, setPrintAfterSale] = useState(till.printAfterSale);
  const [aboveAmount, setAboveAmount] = useState(
    typedAmount(Math.round(till.confirmAboveAmount * amountScale), typing),
  );
  const [aboveQuantity, setAboveQuantity] = useState(
    typedText(
      Math.round(till.confirmAboveQuantity * quantityScale),
      QUANTITY_DECIMALS,
      typing.locale,
      0,
    ),
  );
  const [feedback, setFeedback] = useState<Feedback>();
  const error = (path: string) => feedback?.fields?.[path];

  async function save(event: Event) {
    event.preventDefault();
    const amount = amountOf(
      aboveAmount,
      typing,
      words.t('shift.counter.confirmAmountField'),
      words,
    );
    const quantity = parseQuantity(
      aboveQuantity,
      typing.locale,
      words.t('shift.counter.confirmQuantityField'),
    );
    if (!amount.ok || !quantity.ok) {
      const fields: Record<string, string> = {};
      if (!amount.ok) fields['/confirmAboveAmount'] = amount.message;
      if (!quantity.ok) fields['/confirmAboveQuantity'] = `${words.say(quantity.error)}.`;
      return setFeedback({ tone: 'error', text: words.t('shift.counter.notSaved'), fields });
    }
    const result = await api.updateSettings({
      shopName,
      receiptWidth: width,
      printAfterSale,
      confirmAboveAmount: amount.minor / amountScale,
      confirmAboveQuantity: quantity.value / quantityScale,
    });
    if (!result.ok) return setFeedback(errorFeedback(result.error, words));
    setFeedback({ tone: 'ok', text: words.t('shift.counter.saved') });
    props.onChange(result.value);
  }

  return (
    <form aria-labelledby="counter-title" onSubmit={(event) => void save(event)}>
      <h2 id="counter-title">{words.t('shift.counter.title')}</h2>
      <InputField
        id="shop-name"
        label={words.t('shift.counter.shopName')}
        error={error('/shopName')}
        value={shopName}
        onValue={setShopName}
      />
      <Field
        id="receipt-width"
        label={words.t('shift.counter.receiptPaper')}
        error={error('/receiptWidth')}
      >
        <select
          id="receipt-width"
          value={width}
          onChange={(event) =>
            setWidth(RECEIPT_WIDTHS.find((one) => one === event.currentTarget.value) ?? width)
          }
        >
          {RECEIPT_WIDTHS.map((one) => (
            <option key={one} value={one}>
              {words.t('shift.counter.roll', { width: one.replace('mm', '') })}
            </option>
          ))}
        </select>
      </Field>
      <Check checked={printAfterSale} onChange={setPrintAfterSale}>
        {words.t('shift.counter.printAfterSale')}
      </Check>
      <InputField
        id="confirm-amount"
        label={words.t('shift.counter.confirmAmount')}
        hint={words.t('shift.counter.confirmAmountHint')}
        inputMode="decimal"
        error={error('/confirmAboveAmount')}
        value={aboveAmount}
        onValue={setAboveAmount}
      />
      <InputField
        id="confirm-quantity"
        label={words.t('shift.counter.confirmQuantity')}
        hint={words.t('shift.counter.confirmQuantityHint')}
        inputMode="decimal"
        error={error('/confirmAboveQuantity')}
        value={aboveQuantity}
        onValue={setAboveQuantity}
      />
      <button type="submit">{words.t('shift.counter.save')}</button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}
