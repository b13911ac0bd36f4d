// "Saved": the receipt number, the total and the change of the sale just charged.
import type { MethodOutput } from '../../../main/contract/contract';
import { ariaKeys } from '../till/shortcuts';

export function SaleSaved(props: {
  receipt: MethodOutput<'getReceipt'>;
  money: (minor: number) => string;
  onPrint: () => void;
}) {
  const { receipt, money } = props;
  return (
    <div class="receipt" role="status" aria-live="polite">
      Saved. Receipt <strong data-testid="receipt-number">#{receipt.receiptNumber}</strong>,{' '}
      {money(receipt.totalMinor)}
      {receipt.changeMinor ? `. Change ${money(receipt.changeMinor)}` : ''}.{' '}
      <button type="button" aria-keyshortcuts={ariaKeys('print')} onClick={props.onPrint}>
        Print receipt
      </button>
    </div>
  );
}
