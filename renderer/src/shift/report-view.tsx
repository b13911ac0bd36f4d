// A shift report (the X report now, or a Z report by its number) as it prints: the agent's
// text in a receipt-like block, to print (on the till's printer when it has one, else through
// the dialog), or download as CSV or PDF. A Z report is the same
// every time it is shown, as it was made at the close.
import { useEffect, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { Notice } from '../components/field';
import { downloadExport } from '../download';
import { printDocument } from '../print';
import { askPrinter, printsDirect, usePrinter } from '../printer';
import { useWords } from '../words';

type Width = MethodOutput<'getSettings'>['till']['receiptWidth'];

export function ReportView(props: {
  /** A Z report's number; none: the X report of the open shift. */
  number?: number;
  width: Width;
  onClose?: () => void;
}) {
  const words = useWords();
  const { number, width } = props;
  const title =
    number === undefined
      ? words.t('shift.report.x')
      : words.t('shift.report.z', { number: String(number) });
  const [text, setText] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const printer = usePrinter();
  // With the till's own printer the agent prints it (the figures as they are now); else the dialog.
  const print = (content: string) =>
    printsDirect(printer)
      ? askPrinter(api.printShiftReport({ number }), words).then(setProblem)
      : printDocument(paper(content), { words }).then(setProblem);

  useEffect(() => {
    void api.exportShiftReport({ number, format: 'text' }).then((result) => {
      setProblem(result.ok ? undefined : words.error(result.error));
      setText(result.ok ? result.value.content : undefined);
    });
  }, [number]);

  async function save(format: 'csv' | 'pdf') {
    const result = await api.exportShiftReport({ number, format });
    if (!result.ok) return setProblem(words.error(result.error));
    downloadExport(result.value);
  }

  const paper = (content: string) => (
    <article class={`paper paper-${width}`} aria-label={title}>
      <pre class="report-text">{content}</pre>
    </article>
  );

  return (
    <section class="report" aria-label={title} data-testid="shift-report">
      <h3>{title}</h3>
      {problem && <Notice tone="error">{problem}</Notice>}
      {text !== undefined && paper(text)}
      <div class="actions">
        <button
          type="button"
          class="primary"
          disabled={text === undefined}
          onClick={() => text !== undefined && void print(text)}
        >
          {words.t('shift.report.print', { title })}
        </button>
        <button type="button" onClick={() => void save('csv')}>
          {words.t('shift.report.downloadCsv')}
        </button>
        <button type="button" onClick={() => void save('pdf')}>
          {words.t('shift.report.downloadPdf')}
        </button>
        {props.onClose && (
          <button type="button" onClick={props.onClose}>
            {words.t('shift.report.close')}
          </button>
        )}
      </div>
    </section>
  );
}
