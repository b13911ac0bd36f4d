import { useState } from 'preact/hooks';
import type { ContractResult, MethodOutput } from '../../../main/contract/contract';
import { plural } from '../../../domain/words';
import { api } from '../api';
import { CashierSettings } from '../components/cashier-settings';
import { CounterSettingsForm } from '../components/counter-settings';
import { TimeZoneForm } from '../components/time-zone-form';
import {
  errorFeedback,
  Field,
  InputField,
  Notice,
  type Feedback as FormFeedback,
} from '../components/field';
import { KeyForm, PlatformForm } from '../components/platform-forms';
import { MonitoringForm } from '../components/monitoring-form';
import { PrinterSettingsForm } from '../components/printer-settings';
import { ShiftSettingsForm } from '../components/shift-settings';
import { COMMON_LOCALES, systemLocale } from '../locale';
import { formatTime } from '../money';
import { useWords } from '../words';
import type { Translator } from '../../../domain/i18n/messages';

type Settings = MethodOutput<'getSettings'>;
type Feedback = (FormFeedback & { rows?: string[] }) | undefined;

function feedbackOf(result: ContractResult<unknown>, success: string, words: Translator): Feedback {
  return result.ok ? { tone: 'ok', text: success } : errorFeedback(result.error, words);
}

/** Platform, key, till and catalog settings. Saving a form changes only that form's settings. */
export function SettingsScreen({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const words = useWords();
  const { platform, till } = settings;
  const [shopId, setShopId] = useState(till.shopId ?? '');
  const [tillName, setTillName] = useState(till.tillName);
  const [currency, setCurrency] = useState(till.currency);
  const [locale, setLocale] = useState(till.locale ?? '');
  const [methods, setMethods] = useState(till.paymentMethods.join(', '));
  const [backupsKept, setBackupsKept] = useState(String(till.backupsKept));
  const [archiveAfter, setArchiveAfter] = useState(String(till.archiveAfterMonths));
  const [backingUp, setBackingUp] = useState(false);

  const [feedback, setFeedback] = useState<Record<string, Feedback>>({});
  const say = (form: string, value: Feedback) => setFeedback((all) => ({ ...all, [form]: value }));

  async function save(form: string, call: Promise<ContractResult<Settings>>, success: string) {
    const result = await call;
    say(form, feedbackOf(result, success, words));
    if (result.ok) onChange(result.value);
    // The locale as kept: "de-de" is saved as de-DE.
    if (result.ok && form === 'till') setLocale(result.value.till.locale ?? '');
    return result.ok;
  }

  async function importFile(event: Event) {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem(
      'catalog-file',
    ) as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return say('catalog', { tone: 'error', text: 'Choose a .csv or .json file first.' });
    const format = file.name.toLowerCase().endsWith('.json') ? 'json' : 'csv';
    const result = await api.importCatalog({ format, text: await file.text() });
    if (result.ok)
      return say('catalog', {
        tone: 'ok',
        text: `Imported ${plural(result.value.products, 'product')} and ${plural(result.value.customers, 'customer')}.`,
      });
    say('catalog', {
      tone: 'error',
      text: 'Nothing was imported: fix these rows and try again.',
      rows: result.error.fields?.map((f) => `${f.path}: ${f.message}`) ?? [result.error.message],
    });
  }

  async function backUpNow() {
    setBackingUp(true);
    const result = await api.backupNow({});
    setBackingUp(false);
    if (!result.ok) return say('backups', { tone: 'error', text: result.error.message });
    say('backups', {
      tone: 'ok',
      text: `Backed up ${plural(result.value.sales, 'sale')} to ${result.value.file}.`,
    });
    const next = await api.getSettings({});
    if (next.ok) onChange(next.value);
  }

  const lockedNote = (field: string) =>
    platform.locked[field] ? `Set by ${platform.locked[field]}: change it there.` : undefined;
  const f = (form: string, path: string) => feedback[form]?.fields?.[path];

  return (
    <div class="settings">
      <PlatformForm settings={settings} onChange={onChange} />
      <KeyForm settings={settings} onChange={onChange} />
      <MonitoringForm settings={settings} onChange={onChange} />

      <form
        aria-labelledby="till-title"
        onSubmit={(event) => {
          event.preventDefault();
          const paymentMethods = methods
            .split(',')
            .map((m) => m.trim())
            .filter(Boolean);
          void save(
            'till',
            api.updateSettings({
              shopId: shopId.trim() || null,
              tillName,
              currency: currency.trim().toUpperCase(),
              locale: locale.trim() || null,
              paymentMethods,
            }),
            'Till settings saved.',
          );
        }}
      >
        <h2 id="till-title">This till</h2>
        <InputField
          id="shop-id"
          label="Shop id"
          hint={lockedNote('shopId')}
          error={f('till', '/shopId')}
          value={shopId}
          disabled={Boolean(platform.locked.shopId)}
          onValue={setShopId}
        />
        <InputField
          id="till-name"
          label="Till name"
          error={f('till', '/tillName')}
          value={tillName}
          onValue={setTillName}
        />
        <InputField
          id="currency"
          label="Currency"
          hint="Three letters, like USD or KES"
          error={f('till', '/currency')}
          value={currency}
          maxLength={3}
          onValue={setCurrency}
        />
        <InputField
          id="locale"
          label="Number format (locale)"
          hint={`How amounts are typed and shown, like de-DE (2,50) or en-US (2.50); empty: this device's (${systemLocale()})`}
          error={f('till', '/locale')}
          value={locale}
          list="common-locales"
          onValue={setLocale}
        />
        <datalist id="common-locales">
          {COMMON_LOCALES.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        <InputField
          id="payment-methods"
          label="Payment methods"
          hint="Separated by commas, like CASH, MOBILE_MONEY"
          error={f('till', '/paymentMethods')}
          value={methods}
          onValue={setMethods}
        />
        <button type="submit">Save till settings</button>
        {feedback.till && <Notice tone={feedback.till.tone}>{feedback.till.text}</Notice>}
      </form>

      <CounterSettingsForm settings={settings} onChange={onChange} />
      <TimeZoneForm settings={settings} onChange={onChange} />
      <PrinterSettingsForm settings={settings} onChange={onChange} />
      <CashierSettings />
      <ShiftSettingsForm settings={settings} onChange={onChange} />

      <form
        aria-labelledby="backups-title"
        onSubmit={(event) => {
          event.preventDefault();
          void save(
            'backups',
            // An emptied field is an error, not 0 (which would turn backups off).
            api.updateSettings({
              backupsKept: backupsKept.trim() === '' ? Number.NaN : Number(backupsKept),
              archiveAfterMonths: archiveAfter.trim() === '' ? Number.NaN : Number(archiveAfter),
            }),
            'Backup settings saved.',
          );
        }}
      >
        <h2 id="backups-title">Backups</h2>
        <p data-testid="backup-state">
          {settings.backups.latest
            ? `Last backup ${formatTime(settings.backups.latest.at)}, in ${settings.backups.folder}.`
            : `No backup yet. They are written to ${settings.backups.folder}.`}
        </p>
        <InputField
          id="backups-kept"
          label="Daily backups to keep"
          hint="0 turns daily backups off; at most 365"
          error={f('backups', '/backupsKept')}
          type="number"
          min="0"
          max="365"
          value={backupsKept}
          onValue={setBackupsKept}
        />
        <InputField
          id="archive-after"
          label="Months of sales kept in the till's database"
          hint={`Older synced sales move to yearly archive files in ${settings.data.folder}/archive, and still appear in exports; 0 keeps everything here`}
          error={f('backups', '/archiveAfterMonths')}
          type="number"
          min="0"
          max="120"
          value={archiveAfter}
          onValue={setArchiveAfter}
        />
        <button type="submit">Save backup settings</button>
        <button type="button" disabled={backingUp} onClick={() => void backUpNow()}>
          {backingUp ? 'Backing up…' : 'Back up now'}
        </button>
        {feedback.backups && <Notice tone={feedback.backups.tone}>{feedback.backups.text}</Notice>}
      </form>

      {settings.desktop && (
        <form aria-labelledby="desktop-title" onSubmit={(event) => event.preventDefault()}>
          <h2 id="desktop-title">This computer</h2>
          <label class="choice">
            <input
              type="checkbox"
              checked={settings.desktop.startAtLogin}
              onChange={(event) =>
                void save(
                  'desktop',
                  api.updateSettings({ startAtLogin: event.currentTarget.checked }),
                  'Saved.',
                )
              }
            />
            Start Tillsync when this computer starts
          </label>
          {feedback.desktop && (
            <Notice tone={feedback.desktop.tone}>{feedback.desktop.text}</Notice>
          )}
        </form>
      )}

      <form aria-labelledby="catalog-title" onSubmit={(event) => void importFile(event)}>
        <h2 id="catalog-title">Catalog</h2>
        <Field
          id="catalog-file"
          label="Import products from a file"
          hint="CSV with a header row id,name,price and optionally category,barcode; or JSON like the sandbox's catalog"
        >
          <input
            id="catalog-file"
            name="catalog-file"
            type="file"
            accept=".csv,.json,text/csv,application/json"
          />
        </Field>
        <button type="submit">Import</button>
        {feedback.catalog && <Notice tone={feedback.catalog.tone}>{feedback.catalog.text}</Notice>}
        {feedback.catalog?.rows && (
          <ul class="row-errors" data-testid="import-errors">
            {feedback.catalog.rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        )}
      </form>
    </div>
  );
}
