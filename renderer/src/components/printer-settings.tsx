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

const ADDRESS_FORMS =
  'tcp://192.168.1.50:9100 (network), serial:///dev/ttyUSB0?baud=9600 (serial or USB, COM3 on Windows) or system://QUEUE (a print queue); empty: the print dialog';

export function PrinterSettingsForm(props: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const words = useWords();
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
    setFeedback({ tone: 'ok', text: 'Printer settings saved.' });
    props.onChange(result.value);
    await refreshPrinter();
  }

  async function testPage() {
    setTesting(true);
    const problem = await askPrinter(api.printTestPage({}));
    setTesting(false);
    setFeedback(
      problem
        ? { tone: 'error', text: problem }
        : { tone: 'ok', text: 'Test page sent to the printer.' },
    );
  }

  return (
    <form aria-labelledby="printer-title" onSubmit={(event) => void save(event)}>
      <h2 id="printer-title">Receipt printer and cash drawer</h2>
      <p data-testid="printer-state">
        {printer ? printerStatusLine(printer.view) : 'Reading the printer…'}
      </p>
      <InputField
        id="printer-address"
        label="Printer address"
        hint={lockedBy ? `Set by ${lockedBy}: change it there.` : ADDRESS_FORMS}
        error={error('/printerAddress')}
        value={lockedBy ? (printer?.view.address ?? '') : address}
        disabled={Boolean(lockedBy)}
        autocomplete="off"
        onValue={setAddress}
      />
      <Field id="printer-profile" label="Printer model" error={error('/printerProfile')}>
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
        A cash drawer is plugged into the printer
      </Check>
      <Check checked={drawerAfterCash} disabled={!cashDrawer} onChange={setDrawerAfterCash}>
        Open the drawer after a sale paid in cash
      </Check>
      <button type="submit">Save printer settings</button>
      <button
        type="button"
        disabled={testing || !printer?.view.address}
        onClick={() => void testPage()}
      >
        {testing ? 'Sending…' : 'Print test page'}
      </button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}
