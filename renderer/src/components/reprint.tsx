// A past sale's receipt, shown as it prints, to print again (a customer's copy, a return):
// on the till's own printer (a job in the agent's queue) when it has one, else the dialog.
import { useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { printDocument } from '../print';
import { askPrinter, printsDirect, usePrinter } from '../printer';
import { useWords } from '../words';
import { Notice } from './field';
import { ReceiptPaper } from './paper';

type Till = MethodOutput<'getSettings'>['till'];
type Receipt = MethodOutput<'getReceipt'>;

export function useReprint(till: Till) {
  const words = useWords();
  const [receipt, setReceipt] = useState<Receipt>();
  const [problem, setProblem] = useState<string>();
  const [sent, setSent] = useState<string>();
  const direct = printsDirect(usePrinter());
  const paper = (value: Receipt) => (
    <ReceiptPaper receipt={value} width={till.receiptWidth} decimals={till.currencyDecimals} />
  );

  async function open(saleId: string) {
    const result = await api.getReceipt({ saleId });
    setProblem(result.ok ? undefined : words.error(result.error));
    setReceipt(result.ok ? result.value : undefined);
    setSent(undefined);
  }

  /** Read again at the moment of printing: the paper tells the sale's state as it is now. */
  async function print(saleId: string) {
    const latest = await api.getReceipt({ saleId });
    if (!latest.ok) return setProblem(words.error(latest.error));
    setReceipt(latest.value);
    const failed = direct
      ? await askPrinter(api.printReceipt({ saleId }), words)
      : await printDocument(paper(latest.value), { words });
    setProblem(failed);
    const number = String(latest.value.receiptNumber);
    setSent(direct && !failed ? words.t('till.reprint.sent', { number }) : undefined);
  }

  const view = (
    <>
      {problem && <Notice tone="error">{problem}</Notice>}
      {sent && <Notice tone="ok">{sent}</Notice>}
      {receipt && (
        <section
          class="reprint"
          aria-label={words.t('till.reprint.region', { number: String(receipt.receiptNumber) })}
        >
          {paper(receipt)}
          <div class="actions">
            <button type="button" class="primary" onClick={() => void print(receipt.saleId)}>
              {words.t('till.reprint.print', { number: String(receipt.receiptNumber) })}
            </button>
            <button type="button" onClick={() => setReceipt(undefined)}>
              {words.t('till.close')}
            </button>
          </div>
        </section>
      )}
    </>
  );
  return { open, view };
}
