// Cash at the counter: the amount handed over (typed, or a quick amount), and the change
// to give back. Left empty, the customer pays the exact total. Amounts are minor units, typed
// and shown in the till's locale ("2,50 €" in Germany), never through floating point.
import type { RefObject } from 'preact';
import { quickAmounts } from '../../../domain/cart';
import { typedText } from '../../../domain/locale-numbers';
import { currencyDecimals } from '../../../domain/money';
import { parseAmount } from '../../../domain/typed-amounts';
import { useWords } from '../words';

export function CashPanel(props: {
  totalMinor: number;
  currency: string;
  locale: string;
  tendered: string;
  problem: string | undefined;
  money: (minor: number) => string;
  inputRef: RefObject<HTMLInputElement | null>;
  onTendered: (text: string) => void;
  /** Enter in the field: charge. */
  onSubmit: () => void;
}) {
  const { totalMinor, currency, locale, money } = props;
  const words = useWords();
  const decimals = currencyDecimals(currency);
  const field = words.t('till.cash.tendered');
  const typed = parseAmount(props.tendered, { currency, locale, field });
  const tenderedMinor =
    props.tendered.trim() === '' ? totalMinor : typed.ok ? typed.value : undefined;
  const asTyped = (minor: number) => typedText(minor, decimals, locale);
  const change =
    tenderedMinor !== undefined && tenderedMinor >= totalMinor
      ? tenderedMinor - totalMinor
      : undefined;
  return (
    <div class="cash">
      <div class="field">
        <label for="tendered">{field}</label>
        <input
          id="tendered"
          ref={props.inputRef}
          inputMode="decimal"
          autoComplete="off"
          placeholder={words.t('till.cash.exactPlaceholder', { amount: asTyped(totalMinor) })}
          value={props.tendered}
          aria-invalid={props.problem ? true : undefined}
          aria-describedby={props.problem ? 'tendered-problem' : undefined}
          onInput={(event) => props.onTendered(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              props.onSubmit();
            }
          }}
        />
        {props.problem && (
          <p class="line-problem" id="tendered-problem">
            {props.problem}
          </p>
        )}
      </div>
      <div class="quick-amounts" role="group" aria-label={words.t('till.cash.quickAmounts')}>
        <button type="button" onClick={() => props.onTendered('')}>
          {words.t('till.cash.exact')}
        </button>
        {quickAmounts(totalMinor, decimals).map((amount) => (
          <button type="button" key={amount} onClick={() => props.onTendered(asTyped(amount))}>
            {money(amount)}
          </button>
        ))}
      </div>
      <p class="change" aria-live="polite">
        {words.t('till.cash.changeDue')}{' '}
        <strong data-testid="change-due">{change === undefined ? '–' : money(change)}</strong>
      </p>
    </div>
  );
}
