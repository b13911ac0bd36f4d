// Every Z report of this till, newest first: each can be shown, printed and downloaded again,
// the same as the first time.
import { useEffect, useState } from 'preact/hooks';
import type { ShiftReport } from '../../../domain/shift';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { Notice } from '../components/field';
import { formatTime } from '../money';
import { differenceWords } from './difference-words';
import { ReportView } from './report-view';
import { useWords } from '../words';

type Width = MethodOutput<'getSettings'>['till']['receiptWidth'];

export function ZReportList(props: {
  /** Changes when a shift closes: the list is read again. */
  version: number;
  width: Width;
  money: (minor: number) => string;
}) {
  const words = useWords();
  const { money } = props;
  const [reports, setReports] = useState<ShiftReport[]>([]);
  const [problem, setProblem] = useState<string>();
  const [shown, setShown] = useState<number>();
  useEffect(() => {
    void api.listZReports({}).then((result) => {
      setProblem(result.ok ? undefined : words.error(result.error));
      if (result.ok) setReports(result.value);
    });
  }, [props.version]);

  return (
    <section class="z-reports" aria-labelledby="z-reports-title">
      <h2 id="z-reports-title">{words.t('shift.zReports.title')}</h2>
      {problem && <Notice tone="error">{problem}</Notice>}
      {reports.length === 0 ? (
        <p class="empty">{words.t('shift.zReports.none')}</p>
      ) : (
        <table class="sales">
          <thead>
            <tr>
              <th scope="col">{words.t('shift.zReports.report')}</th>
              <th scope="col">{words.t('shift.zReports.closed')}</th>
              <th scope="col">{words.t('shift.figures.counted')}</th>
              <th scope="col">{words.t('shift.zReports.overShort')}</th>
              <th scope="col">
                <span class="visually-hidden">{words.t('shift.zReports.show')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {reports.map((report) => (
              <tr key={report.number}>
                <td>Z{report.number}</td>
                <td>{formatTime(report.closedAt)}</td>
                <td>{report.countedMinor === null ? '–' : money(report.countedMinor)}</td>
                <td>
                  {report.differenceMinor === null
                    ? '–'
                    : differenceWords(report.differenceMinor, money, words)}
                </td>
                <td>
                  <button type="button" onClick={() => setShown(report.number ?? undefined)}>
                    {words.t('shift.zReports.showNumber', { number: String(report.number) })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shown !== undefined && (
        <ReportView
          key={shown}
          number={shown}
          width={props.width}
          onClose={() => setShown(undefined)}
        />
      )}
    </section>
  );
}
