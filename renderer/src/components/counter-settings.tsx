// Settings of the counter: what the receipt says and how it prints, and when a sale asks
// "are you sure?" before it is charged.
import { useState } from 'preact/hooks';
import { RECEIPT_WIDTHS, type ReceiptWidth } from '../../../domain/sale-states';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { Check, errorFeedback, Field, InputField, Notice, type Feedback } from './field';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function CounterSettingsForm(props: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const words = useWords();
  const { till } = props.settings;
  const [shopName, setShopName] = useState(till.shopName);
  const [width, setWidth] = useState<ReceiptWidth>(till.receiptWidth);
  const [printAfterSale, setPrintAfterSale] = useState(till.printAfterSale);
  const [aboveAmount, setAboveAmount] = useState(String(till.confirmAboveAmount));
  const [aboveQuantity, setAboveQuantity] = useState(String(till.confirmAboveQuantity));
  const [feedback, setFeedback] = useState<Feedback>();
  const error = (path: string) => feedback?.fields?.[path];

  async function save(event: Event) {
    event.preventDefault();
    const result = await api.updateSettings({
      shopName,
      receiptWidth: width,
      printAfterSale,
      confirmAboveAmount: numberOf(aboveAmount),
      confirmAboveQuantity: numberOf(aboveQuantity),
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
