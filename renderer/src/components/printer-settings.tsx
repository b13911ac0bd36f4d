// Settings of the receipt printer and its cash drawer: the printer's address (or none: the
// print dialog), its model, the drawer, a test page and how the printer is now. An address
// set by the environment (TILLSYNC_PRINTER) is shown, not changed here.
import { useState } from 'preact/hooks';
import { PRINTER_PROFILES, type PrinterProfileId } from '../../../domain/printer-profiles';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { askPrinter, printerStatusLine, refreshPrinter, usePrinter } from '../printer';
import { Check, errorFeedback, Field, InputField, Notice, type Feedback } from './field';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;

export function PrinterSettingsForm(props: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const words = useWords();
  const { t } = words;
  const { till, platform } = props.settings;
  const lockedBy = platform.locked.printerAddress;
  const printer = usePrinter();
  const [address, setAddress] = useState(till.printerAddress ?? '');
  const [profile, setProfile] = useState<PrinterProfileId>(till.printerProfile);
  const [cashDrawer, setCashDrawer] = useState(till.cashDrawer);
  const [drawerAfterCash, setDrawerAfterCash] = useState(till.openDrawerAfterCash);
  const [feedback, setFeedback] = useState<Feedback>();
  const [testing, setTesting] = useState(false);
  const error = (path: string) => feedback?.fields?.[path];

  async function save(event: Event) {
    event.preventDefault();
    const result = await api.updateSettings({
      // The environment's address is not Settings' to change: left out of the change.
      ...(lockedBy ? {} : { printerAddress: address.trim() === '' ? null : address.trim() }),
      printerProfile: profile,
      cashDrawer,
      openDrawerAfterCash: drawerAfterCash,
    });
    if (!result.ok) return setFeedback(errorFeedback(result.error, words));
    setFeedback({ tone: 'ok', text: t('printer.settings.saved') });
    props.onChange(result.value);
    await refreshPrinter();
  }

  async function testPage() {
    setTesting(true);
    const problem = await askPrinter(api.printTestPage({}), words);
    setTesting(false);
    setFeedback(
      problem
        ? { tone: 'error', text: problem }
        : { tone: 'ok', text: t('printer.settings.testSent') },
    );
  }

  return (
    <form aria-labelledby="printer-title" onSubmit={(event) => void save(event)}>
      <h2 id="printer-title">{t('printer.settings.heading')}</h2>
      <p data-testid="printer-state">
        {printer ? printerStatusLine(printer.view, words) : t('printer.settings.reading')}
      </p>
      <InputField
        id="printer-address"
        label={t('printer.settings.address')}
        hint={
          lockedBy
            ? t('printer.settings.lockedBy', { source: lockedBy })
            : t('printer.settings.addressForms')
        }
        error={error('/printerAddress')}
        value={lockedBy ? (printer?.view.address ?? '') : address}
        disabled={Boolean(lockedBy)}
        autocomplete="off"
        onValue={setAddress}
      />
      <Field
        id="printer-profile"
        label={t('printer.settings.model')}
        error={error('/printerProfile')}
      >
        <select
          id="printer-profile"
          value={profile}
          onChange={(event) =>
            setProfile(
              PRINTER_PROFILES.find((one) => one.id === event.currentTarget.value)?.id ?? profile,
            )
          }
        >
          {PRINTER_PROFILES.map((one) => (
            <option key={one.id} value={one.id}>
              {one.name}
            </option>
          ))}
        </select>
      </Field>
      <Check checked={cashDrawer} onChange={setCashDrawer}>
        {t('printer.settings.drawer')}
      </Check>
      <Check checked={drawerAfterCash} disabled={!cashDrawer} onChange={setDrawerAfterCash}>
        {t('printer.settings.drawerAfterCash')}
      </Check>
      <button type="submit">{t('printer.settings.save')}</button>
      <button
        type="button"
        disabled={testing || !printer?.view.address}
        onClick={() => void testPage()}
      >
        {testing ? t('printer.settings.sending') : t('printer.settings.test')}
      </button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}
