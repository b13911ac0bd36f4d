// Fixing a refused sale on the Sync screen: its lines and payment method as they were,
// changed by a person and saved as a new revision, sent under a new key. The money stays
// what the customer paid (domain/sale-edit.ts): the agent refuses an edit that changes it.
// Prices and quantities are typed and shown as exact decimal text in the till's locale and
// sent in minor units and thousandths (domain/typed-amounts.ts), never through floating point.
import { useEffect, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { typedText } from '../../../domain/locale-numbers';
import { QUANTITY_DECIMALS, toScaledInteger } from '../../../domain/money';
import { parseAmount, parseQuantity } from '../../../domain/typed-amounts';
import { CASH_METHOD } from '../../../domain/payment-methods';
import { api } from '../api';
import { tillLocale } from '../locale';
import { Check, Field, fieldMessages, Notice } from './field';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;
type Sale = MethodOutput<'getSale'>;
type Change = MethodOutput<'editRefused'>;

/** A quantity as the sale holds it (a JSON number) in the locale's figures: 0.5 is "0,5" in Germany. */
const quantityText = (quantity: number, locale: string) => {
  const milli = toScaledInteger(quantity, QUANTITY_DECIMALS);
  return milli === undefined ? String(quantity) : typedText(milli, QUANTITY_DECIMALS, locale, 0);
};

/** A value read once every field was checked (NaN would be refused by the agent anyway). */
const valueOf = (read: { ok: true; value: number } | { ok: false }) =>
  read.ok ? read.value : Number.NaN;

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
  const words = useWords();
  const { t } = words;
  const [sale, setSale] = useState<Sale>();
  const [items, setItems] = useState<Array<{ productId: string; quantity: string; price: string }>>(
    [],
  );
  const [payment, setPayment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [mustCheck, setMustCheck] = useState(false);
  const [checkedPlatform, setCheckedPlatform] = useState(false);
  const { currency, currencyDecimals: decimals } = settings.till;
  const locale = tillLocale(settings.till);

  useEffect(() => {
    void api.getSale({ saleId }).then((result) => {
      if (!result.ok) return setProblem(words.error(result.error));
      setSale(result.value);
      setItems(
        result.value.items.map((item) => ({
          productId: item.productId,
          quantity: quantityText(item.quantity, locale),
          price: typedText(item.unitPriceMinor, decimals, locale),
        })),
      );
      setPayment(result.value.paymentMethod);
    });
  }, [saleId, decimals, locale]);

  if (!sale)
    return (
      <p>
        {t('sync.editor.loading')}
        {problem && <Notice tone="error">{problem}</Notice>}
      </p>
    );

  const change = (index: number, field: 'productId' | 'quantity' | 'price', value: string) =>
    setItems((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  async function save(event: Event) {
    event.preventDefault();
    if (!sale) return;
    const field = t('sync.editor.price');
    const prices = items.map((row) => parseAmount(row.price, { currency, locale, field }));
    const quantities = items.map((row) =>
      parseQuantity(row.quantity, locale, t('sync.editor.quantity')),
    );
    // A price or quantity that is not one here is named here; nothing is sent.
    const bad = items.flatMap((_, index) => {
      const price = prices[index]!;
      const quantity = quantities[index]!;
      return [
        ...(price.ok ? [] : [{ ...price.error, path: `/items/${index}/unitPriceMinor` }]),
        ...(quantity.ok ? [] : [{ ...quantity.error, path: `/items/${index}/quantity` }]),
      ];
    });
    if (bad.length > 0) {
      setErrors(fieldMessages(bad, words));
      return setProblem(t('sync.editor.fixFields'));
    }
    const result = await api.editRefused({
      saleId,
      sale: {
        items: items.map((row, index) => ({
          productId: row.productId.trim(),
          quantity: valueOf(quantities[index]!) / 1000,
          unitPriceMinor: valueOf(prices[index]!),
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
          words,
        ),
      );
      return setProblem(words.error(result.error));
    }
    onDone(result.value);
  }

  return (
    <form class="inline-form editor" onSubmit={(event) => void save(event)}>
      <p class="hint">
        {t('sync.editor.hint', {
          total: money(sale.totalMinor),
          cash: sale.paymentMethod === CASH_METHOD ? 'yes' : 'no',
        })}
      </p>
      {errors['/items'] && <Notice tone="error">{errors['/items']}</Notice>}
      {items.map((row, index) => (
        <fieldset key={index} class="edit-line">
          <legend>{t('sync.editor.line', { number: index + 1 })}</legend>
          <Field
            id={`edit-${saleId}-${index}-product`}
            label={t('sync.editor.productId')}
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
            label={t('sync.editor.quantity')}
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
            label={t('sync.editor.price')}
            hint={t('sync.editor.charged', { price: money(sale.items[index]!.unitPriceMinor) })}
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
      <Field
        id={`edit-${saleId}-payment`}
        label={t('sync.editor.payment')}
        error={errors['/paymentMethod']}
      >
        <select
          id={`edit-${saleId}-payment`}
          value={payment}
          onChange={(event) => setPayment(event.currentTarget.value)}
        >
          {settings.till.paymentMethods.map((method) => (
            <option key={method} value={method}>
              {t('sync.editor.method', { method })}
            </option>
          ))}
        </select>
      </Field>
      {mustCheck && (
        <Check checked={checkedPlatform} onChange={setCheckedPlatform}>
          {t('sync.editor.checked')}
        </Check>
      )}
      <button type="submit" class="primary">
        {t('sync.editor.save')}
      </button>
      <button type="button" class="link" onClick={onCancel}>
        {t('sync.cancel')}
      </button>
      {problem && <Notice tone="error">{problem}</Notice>}
    </form>
  );
}
