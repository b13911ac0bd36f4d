// Cash at the counter: the amount handed over (typed, or a quick amount), and the change
// to give back. Left empty, the customer pays the exact total. Amounts are minor units; the
// field shows them as exact decimal text, never through floating point.
import type { RefObject } from 'preact';
import { quickAmounts } from '../../../domain/cart';
import { formatMinor, parseMoney } from '../../../domain/money';

export function CashPanel(props: {
  totalMinor: number;
  decimals: number;
  tendered: string;
  problem: string | undefined;
  money: (minor: number) => string;
  inputRef: RefObject<HTMLInputElement | null>;
  onTendered: (text: string) => void;
  /** Enter in the field: charge. */
  onSubmit: () => void;
}) {
  const { totalMinor, decimals, money } = props;
  const tenderedMinor =
    props.tendered.trim() === '' ? totalMinor : parseMoney(props.tendered, decimals);
  const change =
    tenderedMinor !== undefined && tenderedMinor >= totalMinor
      ? tenderedMinor - totalMinor
      : undefined;
  return (
    <div class="cash">
      <div class="field">
        <label for="tendered">Cash tendered</label>
        <input
          id="tendered"
          ref={props.inputRef}
          inputMode="decimal"
          autoComplete="off"
          placeholder={`${formatMinor(totalMinor, decimals)} (exact)`}
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
      <div class="quick-amounts" role="group" aria-label="Quick amounts">
        <button type="button" onClick={() => props.onTendered('')}>
          Exact
        </button>
        {quickAmounts(totalMinor, decimals).map((amount) => (
          <button
            type="button"
            key={amount}
            onClick={() => props.onTendered(formatMinor(amount, decimals))}
          >
            {money(amount)}
          </button>
        ))}
      </div>
      <p class="change" aria-live="polite">
        Change due{' '}
        <strong data-testid="change-due">{change === undefined ? '–' : money(change)}</strong>
      </p>
    </div>
  );
}
