import { useState } from 'preact/hooks';
import { dayOf } from '../../../domain/time-zone';
import { api } from '../api';
import { download } from '../download';
import { screenTimeZone } from '../money';
import { Field, fieldMessages, InputField, Notice } from './field';
import { useWords } from '../words';

/** A format's name, the same in every language. */
const JSON_NAME = 'JSON';

/** The sales of a period, as a CSV for a spreadsheet or JSON: the same as `tillsync export`. */
export function ExportForm() {
  const words = useWords();
  const { t } = words;
  // This month so far, in the till's zone.
  const today = dayOf(Date.now(), screenTimeZone());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{
    tone: 'ok' | 'error';
    text: string;
    fields?: Record<string, string>;
  }>();

  async function exportSales(event: Event) {
    event.preventDefault();
    setBusy(true);
    const answer = await api.exportSales({ from: from || undefined, to: to || undefined, format });
    setBusy(false);
    if (!answer.ok)
      return setResult({
        tone: 'error',
        text: words.error(answer.error),
        fields: fieldMessages(answer.error.fields, words),
      });
    const { fileName, mimeType, text, count } = answer.value;
    download(fileName, mimeType, text);
    setResult({
      tone: 'ok',
      text: t('sync.export.done', { count, file: fileName }),
    });
  }

  return (
    <form
      aria-labelledby="export-title"
      class="export"
      onSubmit={(event) => void exportSales(event)}
    >
      <h2 id="export-title">{t('sync.export.title')}</h2>
      <InputField
        id="export-from"
        label={t('sync.export.from')}
        error={result?.fields?.['/from']}
        type="date"
        value={from}
        onValue={setFrom}
      />
      <InputField
        id="export-to"
        label={t('sync.export.to')}
        error={result?.fields?.['/to']}
        type="date"
        value={to}
        onValue={setTo}
      />
      <Field id="export-format" label={t('sync.export.format')}>
        <select
          id="export-format"
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as 'csv' | 'json')}
        >
          <option value="csv">{t('sync.export.csv')}</option>
          <option value="json">{JSON_NAME}</option>
        </select>
      </Field>
      <button type="submit" disabled={busy}>
        {t(busy ? 'sync.export.busy' : 'sync.export.button')}
      </button>
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
    </form>
  );
}
