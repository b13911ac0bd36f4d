import { useState } from 'preact/hooks';
import { dayOf } from '../../../domain/time-zone';
import { plural } from '../../../domain/words';
import { api } from '../api';
import { download } from '../download';
import { screenTimeZone } from '../money';
import { Field, fieldMessages, InputField, Notice } from './field';
import { useWords } from '../words';

/** The sales of a period, as a CSV for a spreadsheet or JSON: the same as `tillsync export`. */
export function ExportForm() {
  const words = useWords();
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
        text: answer.error.message,
        fields: fieldMessages(answer.error.fields, words),
      });
    const { fileName, mimeType, text, count } = answer.value;
    download(fileName, mimeType, text);
    setResult({
      tone: 'ok',
      text: `Exported ${plural(count, 'sale')} to ${fileName}.`,
    });
  }

  return (
    <form
      aria-labelledby="export-title"
      class="export"
      onSubmit={(event) => void exportSales(event)}
    >
      <h2 id="export-title">Export sales</h2>
      <InputField
        id="export-from"
        label="From"
        error={result?.fields?.['/from']}
        type="date"
        value={from}
        onValue={setFrom}
      />
      <InputField
        id="export-to"
        label="To (included)"
        error={result?.fields?.['/to']}
        type="date"
        value={to}
        onValue={setTo}
      />
      <Field id="export-format" label="Format">
        <select
          id="export-format"
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as 'csv' | 'json')}
        >
          <option value="csv">CSV (spreadsheet)</option>
          <option value="json">JSON</option>
        </select>
      </Field>
      <button type="submit" disabled={busy}>
        {busy ? 'Exporting…' : 'Export'}
      </button>
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
    </form>
  );
}
