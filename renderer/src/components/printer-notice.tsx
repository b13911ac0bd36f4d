// The Till screen's line about the receipt printer while receipts wait on a printer that has
// a problem: "Printer not printing: 2 print jobs waiting. …", when it tries again, Retry now,
// and each waiting job to cancel or to print through the dialog instead. Selling goes on.
import { useState } from 'preact/hooks';
import type { PrinterView } from '../../../domain/printer-view';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { useNow } from '../hooks';
import { printDocument } from '../print';
import { askPrinter, tillNotice, usePrinter } from '../printer';
import { ReceiptPaper } from './paper';
import { useWords } from '../words';

type Till = MethodOutput<'getSettings'>['till'];
type Waiting = PrinterView['waiting'][number];

export function PrinterNotice({ till }: { till: Till }) {
  const words = useWords();
  const { t } = words;
  const printer = usePrinter();
  const now = useNow();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const notice = printer && tillNotice(printer.view, words);
  const ask = (call: Parameters<typeof askPrinter>[0]) => askPrinter(call, words);
  const labelOf = (job: Waiting) => words.say({ message: job.label, say: job.labelSay });

  async function run(call: () => Promise<string | undefined>) {
    setBusy(true);
    setProblem(await call());
    setBusy(false);
  }

  /** A receipt the printer cannot print yet, through the dialog now; the queued one is dropped. */
  async function printHere(job: Waiting) {
    const receipt = await api.getReceipt({ saleId: job.ref ?? '' });
    if (!receipt.ok) return words.error(receipt.error);
    const paper = (
      <ReceiptPaper
        receipt={receipt.value}
        width={till.receiptWidth}
        decimals={till.currencyDecimals}
      />
    );
    return (await printDocument(paper, { words })) ?? ask(api.cancelPrintJob({ jobId: job.id }));
  }

  // The live region stays on the page, so what appears in it is announced.
  if (!printer || !notice) return <div class="printer-notice" role="status" aria-live="polite" />;
  const retryIn = printer.view.retryInSeconds;
  const left =
    retryIn === null ? null : Math.max(0, retryIn - Math.floor((now - printer.receivedAt) / 1000));
  return (
    <div class="printer-notice" role="status" aria-live="polite">
      <div class={`notice notice-${notice.trouble ? 'error' : 'ok'}`} data-testid="printer-notice">
        <p>
          {notice.text}
          {left !== null && ` ${t('printer.notice.retryIn', { seconds: left })}`}{' '}
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(() => ask(api.retryPrinting({})))}
          >
            {busy ? t('printer.notice.trying') : t('printer.notice.retryNow')}
          </button>
        </p>
        {printer.view.waiting.length > 0 && (
          <ul aria-label={t('printer.notice.waitingList')}>
            {printer.view.waiting.map((job) => (
              <li key={job.id}>
                <span>{labelOf(job)}</span>
                {job.kind === 'receipt' && job.ref && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void run(() => printHere(job))}
                  >
                    {t('printer.notice.printHere')}
                    <span class="visually-hidden">
                      {' '}
                      {t('printer.notice.printHereWhat', { label: labelOf(job) })}
                    </span>
                  </button>
                )}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void run(() => ask(api.cancelPrintJob({ jobId: job.id })))}
                >
                  {t('printer.notice.cancel')}
                  <span class="visually-hidden"> {labelOf(job)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {problem && <p class="error">{problem}</p>}
      </div>
    </div>
  );
}
