// Settings: where sales go (the platform's address) and the key they carry. An address is
// checked with the agent's own rule before anything else; saving one while on the sandbox
// says first what changes; saving a key checks it at once.
import { useState } from 'preact/hooks';
import { platformUrlProblem } from '../../../domain/platform-url';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { errorFeedback, InputField, Notice, type Feedback } from './field';
import { formatTime } from '../money';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;

const STORAGE_TEXT: Record<Settings['apiKey']['storage'], string> = {
  'os-encrypted': 'encrypted by the operating system',
  file: 'in a file only this user can read',
  environment: 'from the environment of the Tillsync process',
  none: '',
};

const lockedNote = (settings: Settings, field: string) =>
  settings.platform.locked[field]
    ? `Set by ${settings.platform.locked[field]}: change it there.`
    : undefined;

export function PlatformForm({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const words = useWords();
  const { platform } = settings;
  const [baseUrl, setBaseUrl] = useState(platform.baseUrl ?? '');
  const [concurrency, setConcurrency] = useState(String(platform.concurrency));
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>();
  const address = baseUrl.trim() || null;
  const leavesSandbox = settings.mode === 'sandbox' && address !== null;

  async function save() {
    setConfirming(false);
    const result = await api.updateSettings({ baseUrl: address, concurrency: Number(concurrency) });
    if (!result.ok) return setFeedback(errorFeedback(result.error, words));
    onChange(result.value);
    setFeedback({
      tone: 'ok',
      text: leavesSandbox
        ? `Platform settings saved: this till now sends to ${address}. The sandbox's sales stay in ${settings.data.sandboxFolder}.`
        : 'Platform settings saved.',
    });
  }

  return (
    <form
      aria-labelledby="platform-title"
      // The agent's rule, in its words, rather than the browser's own URL check.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problem = address === null ? null : platformUrlProblem(address);
        if (problem)
          return setFeedback({
            tone: 'error',
            text: `Nothing was saved: the platform address ${problem}.`,
            fields: { '/baseUrl': `The address ${problem}.` },
          });
        if (leavesSandbox && !confirming) {
          setFeedback(undefined);
          return setConfirming(true);
        }
        void save();
      }}
    >
      <h2 id="platform-title">Platform</h2>
      <InputField
        id="base-url"
        label="Platform address"
        hint={
          lockedNote(settings, 'baseUrl') ?? 'https://… (empty: use the sandbox on this machine)'
        }
        error={feedback?.fields?.['/baseUrl']}
        type="url"
        value={baseUrl}
        disabled={Boolean(platform.locked.baseUrl)}
        onValue={(value) => {
          setBaseUrl(value);
          setConfirming(false);
        }}
      />
      <InputField
        id="concurrency"
        label="Sales sent at once"
        hint={lockedNote(settings, 'concurrency') ?? '1 to 16'}
        error={feedback?.fields?.['/concurrency']}
        type="number"
        min="1"
        max="16"
        value={concurrency}
        disabled={Boolean(platform.locked.concurrency)}
        onValue={setConcurrency}
      />
      {confirming && (
        <div class="confirm" data-testid="switch-to-platform">
          <p>
            This till now uses the sandbox on this computer. Saving switches it to {address}: the
            till then shows that platform's sales, receipt numbers and catalog (kept in{' '}
            {settings.data.folder}). The sandbox's sales stay in {settings.data.sandboxFolder}; they
            are not sent to the platform, and come back if you empty the address.
          </p>
          <button type="submit" class="primary">
            Switch to the platform
          </button>
          <button type="button" class="link" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
      {!confirming && <button type="submit">Save platform settings</button>}
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}

export function KeyForm({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const words = useWords();
  const { apiKey, platform } = settings;
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>();

  async function saveKey() {
    setBusy(true);
    setFeedback({ tone: 'ok', text: 'Saving the key and checking it with the platform…' });
    const result = await api.setApiKey({ key });
    setBusy(false);
    if (!result.ok) return setFeedback(errorFeedback(result.error, words));
    setKey('');
    const { keyCheck, ...next } = result.value;
    onChange(next);
    setFeedback(
      keyCheck
        ? {
            tone: keyCheck.verdict === 'accepted' ? 'ok' : 'error',
            text: `Key saved. ${keyCheck.message}`,
          }
        : { tone: 'ok', text: 'Key saved. It is used once a platform address is set.' },
    );
  }

  async function removeKey() {
    const result = await api.clearApiKey({});
    if (!result.ok) return setFeedback(errorFeedback(result.error, words));
    onChange(result.value);
    setFeedback({ tone: 'ok', text: 'Key removed.' });
  }

  return (
    <form
      aria-labelledby="key-title"
      onSubmit={(event) => {
        event.preventDefault();
        void saveKey();
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
        <Notice tone="error">The key expires within 7 days: ask the platform for a new one.</Notice>
      )}
      <InputField
        id="api-key"
        label="New API key"
        hint={lockedNote(settings, 'apiKey') ?? 'Pasted keys are never shown again.'}
        error={feedback?.fields?.['/key']}
        type="password"
        autocomplete="off"
        value={key}
        disabled={Boolean(platform.locked.apiKey)}
        onValue={setKey}
      />
      <button type="submit" disabled={!key || busy || Boolean(platform.locked.apiKey)}>
        {busy ? 'Checking…' : 'Save key'}
      </button>
      {apiKey.set && apiKey.storage !== 'environment' && (
        <button type="button" class="link" onClick={() => void removeKey()}>
          Remove key
        </button>
      )}
      {feedback && (
        <div data-testid="key-feedback">
          <Notice tone={feedback.tone}>{feedback.text}</Notice>
        </div>
      )}
    </form>
  );
}
