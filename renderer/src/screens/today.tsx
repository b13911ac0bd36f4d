// Today: the shift and its drawer (shift/shift-panel.tsx), and the day's takings (or any
// day's): the same rows as `tillsync day`, printable like a receipt, and exportable.
import { useEffect, useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { dayOf } from '../../../domain/time-zone';
import { dayCsv } from '../../../domain/views/day-view';
import { api } from '../api';
import { Field, Notice } from '../components/field';
import { DayPaper, DayTable } from '../components/paper';
import { download } from '../download';
import { useEvent } from '../hooks';
import { printDocument, setPrintable } from '../print';
import { ShiftPanel } from '../shift/shift-panel';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;
type DayTotals = MethodOutput<'getDayTotals'>;

export function TodayScreen({ settings }: { settings: Settings }) {
  const { currencyDecimals: decimals, receiptWidth, shopName, tillName } = settings.till;
  const words = useWords();
  const { t } = words;
  const [date, setDate] = useState(dayOf(Date.now(), settings.till.effectiveTimeZone));
  const [day, setDay] = useState<DayTotals>();
  const [problem, setProblem] = useState<string>();
  const [changes, setChanges] = useState(0);
  // A sale recorded, sent or refused changes the day: read it again.
  useEvent('salesChanged', () => setChanges((n) => n + 1));

  const paperOf = (value: DayTotals) => (
    <DayPaper
      day={value}
      width={receiptWidth}
      decimals={decimals}
      shop={`${shopName}, ${tillName}`}
    />
  );
  useEffect(() => {
    void api.getDayTotals({ date }).then((result) => {
      setProblem(result.ok ? undefined : words.error(result.error));
      setDay(result.ok ? result.value : undefined);
      if (result.ok) setPrintable(paperOf(result.value));
    });
  }, [date, changes, receiptWidth, decimals, shopName, tillName]);

  async function exportSales() {
    const result = await api.exportSales({ from: date, to: date, format: 'csv' });
    if (!result.ok) return setProblem(words.error(result.error));
    download(result.value.fileName, result.value.mimeType, result.value.text);
  }

  return (
    <>
      <ShiftPanel till={settings.till} />
      <section class="today" aria-labelledby="today-title">
        <h2 id="today-title">{t('today.title')}</h2>
        <Field id="day" label={t('today.day')}>
          <input
            id="day"
            type="date"
            value={date}
            onChange={(event) => event.currentTarget.value && setDate(event.currentTarget.value)}
          />
        </Field>
        {problem && <Notice tone="error">{problem}</Notice>}
        {day && (
          <>
            <DayTable day={day} decimals={decimals} />
            {day.refused.count > 0 && (
              <Notice tone="error">{t('today.refusedWait', { count: day.refused.count })}</Notice>
            )}
            <div class="actions">
              <button
                type="button"
                class="primary"
                onClick={() => void printDocument(paperOf(day), { words }).then(setProblem)}
              >
                {t('today.print')}
              </button>
              <button
                type="button"
                onClick={() =>
                  download(`tillsync-day-${date}.csv`, 'text/csv', dayCsv(day, decimals))
                }
              >
                {t('today.downloadTotals')}
              </button>
              <button type="button" onClick={() => void exportSales()}>
                {t('today.downloadSales')}
              </button>
            </div>
          </>
        )}
      </section>
    </>
  );
}
