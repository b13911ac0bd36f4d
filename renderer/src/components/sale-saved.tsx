// "Saved": the receipt number, the total and the change of the sale just charged.
import type { MethodOutput } from '../../../main/contract/contract';
import { ariaKeys } from '../till/shortcuts';
import { useWords } from '../words';

export function SaleSaved(props: {
  receipt: MethodOutput<'getReceipt'>;
  money: (minor: number) => string;
  onPrint: () => void;
}) {
  const { receipt, money } = props;
  const words = useWords();
  return (
    <div class="receipt" role="status" aria-live="polite">
      {words.t('till.saved.receipt')}{' '}
      <strong data-testid="receipt-number">#{receipt.receiptNumber}</strong>
      {words.t('till.saved.amounts', {
        total: money(receipt.totalMinor),
        hasChange: receipt.changeMinor ? 'yes' : 'no',
        change: money(receipt.changeMinor ?? 0),
      })}{' '}
      <button type="button" aria-keyshortcuts={ariaKeys('print')} onClick={props.onPrint}>
        {words.t('till.saved.print')}
      </button>
    </div>
  );
}
