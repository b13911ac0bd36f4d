import { useState } from 'preact/hooks';
import type { ContractError, ContractResult, MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { Field, fieldMessages, InputField, Notice } from '../components/field';
import { formatTime } from '../money';

type Settings = MethodOutput<'getSettings'>;
type Feedback =
  | { tone: 'ok' | 'error'; text: string; fields?: Record<string, string>; rows?: string[] }
  | undefined;

const STORAGE_TEXT: Record<Settings['apiKey']['storage'], string> = {
  'os-encrypted': 'encrypted by the operating system',
  file: 'in a file only this user can read',
  environment: 'from the environment of the Tillsync process',
  none: '',
};

function feedbackOf(result: ContractResult<unknown>, success: string): Feedback {
  if (result.ok) return { tone: 'ok', text: success };
  const error: ContractError = result.error;
  return { tone: 'error', text: error.message, fields: fieldMessages(error.fields) };
}

/** Platform, key, till and catalog settings. Saving a form changes only that form's settings. */
export function SettingsScreen({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const { platform, till, apiKey } = settings;
  const [baseUrl, setBaseUrl] = useState(platform.baseUrl ?? '');
  const [concurrency, setConcurrency] = useState(String(platform.concurrency));
  const [key, setKey] = useState('');
  const [shopId, setShopId] = useState(till.shopId ?? '');
  const [tillName, setTillName] = useState(till.tillName);
  const [currency, setCurrency] = useState(till.currency);
  const [methods, setMethods] = useState(till.paymentMethods.join(', '));
  const [backupsKept, setBackupsKept] = useState(String(till.backupsKept));
  const [backingUp, setBackingUp] = useState(false);

  const [feedback, setFeedback] = useState<Record<string, Feedback>>({});
  const say = (form: string, value: Feedback) => setFeedback((all) => ({ ...all, [form]: value }));

  async function save(form: string, call: Promise<ContractResult<Settings>>, success: string) {
    const result = await call;
    say(form, feedbackOf(result, success));
    if (result.ok) onChange(result.value);
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
        text: `Imported ${result.value.products} products and ${result.value.customers} customers.`,
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
      text: `Backed up ${result.value.sales} sales to ${result.value.file}.`,
    });
    const next = await api.getSettings({});
    if (next.ok) onChange(next.value);
  }

  const lockedNote = (field: string) =>
    platform.locked[field] ? `Set by ${platform.locked[field]}: change it there.` : undefined;
  const f = (form: string, path: string) => feedback[form]?.fields?.[path];

  return (
    <div class="settings">
      <form
        aria-labelledby="platform-title"
        onSubmit={(event) => {
          event.preventDefault();
          void save(
            'platform',
            api.updateSettings({
              baseUrl: baseUrl.trim() || null,
              concurrency: Number(concurrency),
            }),
            'Platform settings saved.',
          );
        }}
      >
        <h2 id="platform-title">Platform</h2>
        <InputField
          id="base-url"
          label="Platform address"
          hint={lockedNote('baseUrl') ?? 'https://… (empty: use the sandbox on this machine)'}
          error={f('platform', '/baseUrl')}
          type="url"
          value={baseUrl}
          disabled={Boolean(platform.locked.baseUrl)}
          onValue={setBaseUrl}
        />
        <InputField
          id="concurrency"
          label="Sales sent at once"
          hint={lockedNote('concurrency') ?? '1 to 16'}
          error={f('platform', '/concurrency')}
          type="number"
          min="1"
          max="16"
          value={concurrency}
          disabled={Boolean(platform.locked.concurrency)}
          onValue={setConcurrency}
        />
        <button type="submit">Save platform settings</button>
        {feedback.platform && (
          <Notice tone={feedback.platform.tone}>{feedback.platform.text}</Notice>
        )}
      </form>

      <form
        aria-labelledby="key-title"
        onSubmit={(event) => {
          event.preventDefault();
          void save('key', api.setApiKey({ key }), 'Key saved.').then(
            (saved) => saved && setKey(''),
          );
        }}
      >
        <h2 id="key-title">API key</h2>
        <p data-testid="key-state">
          {apiKey.set
            ? `A key is set${apiKey.expiresAt ? `, valid until ${formatTime(apiKey.expiresAt)}` : ''}${apiKey.scopes ? ` (scopes: ${apiKey.scopes.join(', ')})` : ''}, kept ${STORAGE_TEXT[apiKey.storage]}.`
            : settings.mode === 'sandbox'
              ? 'No key: the till uses the sandbox on this machine.'
              : 'No key is set.'}
        </p>
        {apiKey.expiresSoon && (
          <Notice tone="error">
            The key expires within 7 days: ask the platform for a new one.
          </Notice>
        )}
        <InputField
          id="api-key"
          label="New API key"
          hint={lockedNote('apiKey') ?? 'Pasted keys are never shown again.'}
          error={f('key', '/key')}
          type="password"
          autocomplete="off"
          value={key}
          disabled={Boolean(platform.locked.apiKey)}
          onValue={setKey}
        />
        <button type="submit" disabled={!key || Boolean(platform.locked.apiKey)}>
          Save key
        </button>
        {apiKey.set && apiKey.storage !== 'environment' && (
          <button
            type="button"
            class="link"
            onClick={() => void save('key', api.clearApiKey({}), 'Key removed.')}
          >
            Remove key
          </button>
        )}
        {feedback.key && <Notice tone={feedback.key.tone}>{feedback.key.text}</Notice>}
      </form>

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

      <form
        aria-labelledby="backups-title"
        onSubmit={(event) => {
          event.preventDefault();
          void save(
            'backups',
            // An emptied field is an error, not 0 (which would turn backups off).
            api.updateSettings({
              backupsKept: backupsKept.trim() === '' ? Number.NaN : Number(backupsKept),
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
          hint="CSV with a header row id,name,price,category, or JSON like the sandbox's catalog"
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
