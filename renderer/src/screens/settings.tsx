import { useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { BackupForm } from '../components/backup-form';
import { CashierSettings } from '../components/cashier-settings';
import { CatalogImportForm } from '../components/catalog-import-form';
import { CounterSettingsForm } from '../components/counter-settings';
import { TimeZoneForm } from '../components/time-zone-form';
import { errorFeedback, InputField, Notice, useFeedback } from '../components/field';
import { LanguageForm } from '../components/language-form';
import { lockedNote } from '../components/locked-note';
import { KeyForm, PlatformForm } from '../components/platform-forms';
import { MonitoringForm } from '../components/monitoring-form';
import { PrinterSettingsForm } from '../components/printer-settings';
import { ShiftSettingsForm } from '../components/shift-settings';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;

/** Language, platform, key, till and catalog settings. Saving a form changes only its settings. */
export function SettingsScreen({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  return (
    <div class="settings">
      {/* First: whoever cannot read the till's language finds it at once. */}
      <LanguageForm settings={settings} onChange={onChange} now={Date.now()} />
      <PlatformForm settings={settings} onChange={onChange} />
      <KeyForm settings={settings} onChange={onChange} />
      <MonitoringForm settings={settings} onChange={onChange} />
      <TillForm settings={settings} onChange={onChange} />
      <CounterSettingsForm settings={settings} onChange={onChange} />
      <TimeZoneForm settings={settings} onChange={onChange} />
      <PrinterSettingsForm settings={settings} onChange={onChange} />
      <CashierSettings />
      <ShiftSettingsForm settings={settings} onChange={onChange} />
      <BackupForm settings={settings} onChange={onChange} />
      {settings.desktop && <DesktopForm settings={settings} onChange={onChange} />}
      <CatalogImportForm />
    </div>
  );
}

/** The till's name, its shop, its currency and the payment methods it takes. */
function TillForm({
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
  const [methods, setMethods] = useState(till.paymentMethods.join(', '));
  const [feedback, setFeedback] = useFeedback();
  const error = (path: string) => feedback?.fields?.[path];

  async function save(event: Event) {
    event.preventDefault();
    const paymentMethods = methods
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    const result = await api.updateSettings({
      shopId: shopId.trim() || null,
      tillName,
      currency: currency.trim().toUpperCase(),
      paymentMethods,
    });
    if (!result.ok) return setFeedback((w) => errorFeedback(result.error, w));
    setFeedback((w) => ({ tone: 'ok', text: w.t('settings.till.saved') }));
    onChange(result.value);
  }

  return (
    <form aria-labelledby="till-title" onSubmit={(event) => void save(event)}>
      <h2 id="till-title">{words.t('settings.till.heading')}</h2>
      <InputField
        id="shop-id"
        label={words.t('settings.till.shopId')}
        hint={lockedNote(platform.locked, 'shopId', words)}
        error={error('/shopId')}
        value={shopId}
        disabled={Boolean(platform.locked.shopId)}
        onValue={setShopId}
      />
      <InputField
        id="till-name"
        label={words.t('settings.till.tillName')}
        error={error('/tillName')}
        value={tillName}
        onValue={setTillName}
      />
      <InputField
        id="currency"
        label={words.t('settings.till.currency')}
        hint={words.t('settings.till.currencyHint')}
        error={error('/currency')}
        value={currency}
        maxLength={3}
        onValue={setCurrency}
      />
      <InputField
        id="payment-methods"
        label={words.t('settings.till.paymentMethods')}
        hint={words.t('settings.till.paymentMethodsHint')}
        error={error('/paymentMethods')}
        value={methods}
        onValue={setMethods}
      />
      <button type="submit">{words.t('settings.till.save')}</button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}

/** The desktop app's own settings (not shown in the console). */
function DesktopForm({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const words = useWords();
  const [feedback, setFeedback] = useFeedback();

  async function save(startAtLogin: boolean) {
    const result = await api.updateSettings({ startAtLogin });
    if (!result.ok) return setFeedback((w) => errorFeedback(result.error, w));
    setFeedback((w) => ({ tone: 'ok', text: w.t('settings.saved') }));
    onChange(result.value);
  }

  return (
    <form aria-labelledby="desktop-title" onSubmit={(event) => event.preventDefault()}>
      <h2 id="desktop-title">{words.t('settings.desktop.heading')}</h2>
      <label class="choice">
        <input
          type="checkbox"
          checked={settings.desktop?.startAtLogin}
          onChange={(event) => void save(event.currentTarget.checked)}
        />
        {words.t('settings.desktop.startAtLogin')}
      </label>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}
