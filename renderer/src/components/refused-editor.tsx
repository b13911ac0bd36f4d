// Fixing a refused sale on the Sync screen: its lines and payment method as they were,
// changed by a person and saved as a new revision, sent under a new key. The money stays
// what the customer paid (domain/sale-edit.ts): the agent refuses an edit that changes it.
// Prices are typed and shown as exact decimal text of the till's currency and sent in its
// minor units (domain/money.ts), never through floating point.
import { useEffect, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { formatMinor, parseMoney } from '../../../domain/money';
import { CASH_METHOD } from '../../../domain/payment-methods';
import { api } from '../api';
import { Check, Field, fieldMessages, Notice } from './field';

type Settings = MethodOutput<'getSettings'>;
type Sale = MethodOutput<'getSale'>;
type Change = MethodOutput<'editRefused'>;

/** What a price should look like in a currency with these decimals, in a cashier's words. */
const priceHint = (decimals: number) =>
  decimals === 0
    ? 'Type a price in whole units, like 20'
    : `Type a price with at most ${decimals} decimal places, like 20 or 20.50`;

export function RefusedEditor({
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
  const decimals = settings.till.currencyDecimals;

  useEffect(() => {
    void api.getSale({ saleId }).then((result) => {
      if (!result.ok) return setProblem(result.error.message);
      setSale(result.value);
      setItems(
        result.value.items.map((item) => ({
          productId: item.productId,
          quantity: String(item.quantity),
          price: formatMinor(item.unitPriceMinor, decimals),
        })),
      );
      setPayment(result.value.paymentMethod);
    });
  }, [saleId, decimals]);

  if (!sale) return <p>Loading the sale…{problem && <Notice tone="error">{problem}</Notice>}</p>;

  const change = (index: number, field: 'productId' | 'quantity' | 'price', value: string) =>
    setItems((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  async function save(event: Event) {
    event.preventDefault();
    if (!sale) return;
    const prices = items.map((row) => parseMoney(row.price, decimals));
    // A price that is not an amount of this currency is named here; nothing is sent.
    const badPrices = prices.flatMap((minor, index) =>
      minor === undefined
        ? [{ path: `/items/${index}/unitPriceMinor`, message: priceHint(decimals) }]
        : [],
    );
    if (badPrices.length > 0) {
      setErrors(fieldMessages(badPrices));
      return setProblem('Nothing was sent: fix the price marked.');
    }
    const result = await api.editRefused({
      saleId,
      sale: {
        items: items.map((row, index) => ({
          productId: row.productId.trim(),
          quantity: Number(row.quantity),
          unitPriceMinor: prices[index]!,
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
            hint={`Charged ${money(sale.items[index]!.unitPriceMinor)} each`}
            error={errors[`/items/${index}/unitPriceMinor`]}
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
        <Check checked={checkedPlatform} onChange={setCheckedPlatform}>
          I looked on the platform: this sale is not there
        </Check>
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
