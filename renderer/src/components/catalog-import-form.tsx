// Settings: products (and customers) imported from a CSV or JSON file; a file with a bad row
// imports nothing and lists each row's problem.
import { useState } from 'preact/hooks';
import { api } from '../api';
import { useWords } from '../words';
import type { Translator } from '../../../domain/i18n/messages';
import { Field, Notice, type Feedback } from './field';

type Saying = (words: Translator) => Feedback & { rows?: string[] };

export function CatalogImportForm() {
  const words = useWords();
  // What happened, said in the words of each render (a language chosen later says it too).
  const [saying, setSaying] = useState<Saying>();
  const say = (next: Saying) => setSaying(() => next);
  const feedback = saying?.(words);

  async function importFile(event: Event) {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem(
      'catalog-file',
    ) as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return say((w) => ({ tone: 'error', text: w.t('settings.catalog.chooseFirst') }));
    const format = file.name.toLowerCase().endsWith('.json') ? 'json' : 'csv';
    const result = await api.importCatalog({ format, text: await file.text() });
    if (result.ok) {
      const { products, customers } = result.value;
      return say((w) => ({
        tone: 'ok',
        text: w.t('settings.catalog.imported', { products, customers }),
      }));
    }
    const { error } = result;
    say((w) => ({
      tone: 'error',
      text: w.t('settings.catalog.nothingImported'),
      rows: error.fields?.length
        ? error.fields.map((field) => `${field.path}: ${w.say(field)}`)
        : [w.error(error)],
    }));
  }

  return (
    <form aria-labelledby="catalog-title" onSubmit={(event) => void importFile(event)}>
      <h2 id="catalog-title">{words.t('settings.catalog.heading')}</h2>
      <Field
        id="catalog-file"
        label={words.t('settings.catalog.file')}
        hint={words.t('settings.catalog.fileHint')}
      >
        <input
          id="catalog-file"
          name="catalog-file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
        />
      </Field>
      <button type="submit">{words.t('settings.catalog.import')}</button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
      {feedback?.rows && (
        <ul class="row-errors" data-testid="import-errors">
          {feedback.rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </form>
  );
}
