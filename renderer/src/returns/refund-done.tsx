// A return recorded: what to give back and how, the refund receipt as it prints, and a button
// to print it (on the till's own printer, a job in the agent's queue, else the dialog).
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { returnLabel, type RefundReceipt } from '../../../domain/returns';
import { api } from '../api';
import { Notice } from '../components/field';
import { printDocument } from '../print';
import { askPrinter } from '../printer';
import { moneyBackWords } from '../till/said-words';
import { useWords } from '../words';

export function RefundDone(props: {
  done: RefundReceipt;
  /** The refund receipt as it prints (a fresh tree each time: shown, and printed). */
  paper: () => ComponentChildren;
  /** Whether the till prints on its own printer (through the agent). */
  direct: boolean;
  money: (minor: number) => string;
  onClose: () => void;
}) {
  const words = useWords();
  const { done } = props;
  const [problem, setProblem] = useState<string>();
  const label = returnLabel(done.returnNumber);
  return (
    <section class="return-panel" aria-label={words.t('till.return.refundRegion', { label })}>
      <Notice tone="ok">
        {words.t('till.return.recorded', { label, number: String(done.saleReceiptNumber) })}{' '}
        {moneyBackWords(done.refundPaymentMethod, props.money(done.totalMinor), words)}.
      </Notice>
      {props.paper()}
      <div class="actions">
        <button
          type="button"
          class="primary"
          onClick={() =>
            void (
              props.direct
                ? askPrinter(api.printRefund({ returnNumber: done.returnNumber }), words)
                : printDocument(props.paper(), { words })
            ).then(setProblem)
          }
        >
          {words.t('till.return.printRefund')}
        </button>
        <button type="button" onClick={props.onClose}>
          {words.t('till.return.done')}
        </button>
      </div>
      {problem && <Notice tone="error">{problem}</Notice>}
    </section>
  );
}
