// Settings: where sales go (the platform's address) and the key they carry. An address is
// checked with the agent's own rule before anything else; saving one while on the sandbox
// says first what changes; saving a key checks it at once.
import { useState } from 'preact/hooks';
import { saidOfField } from '../../../domain/i18n/said';
import { platformUrlProblem } from '../../../domain/platform-url';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { errorFeedback, InputField, Notice, useFeedback } from './field';
import { lockedNote } from './locked-note';
import { formatTime } from '../money';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;

const STORAGE_WORDS = {
  'os-encrypted': 'settings.key.storage.os',
  file: 'settings.key.storage.file',
  environment: 'settings.key.storage.environment',
} as const;

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
  const [feedback, setFeedback] = useFeedback();
  const address = baseUrl.trim() || null;
  const leavesSandbox = settings.mode === 'sandbox' && address !== null;

  async function save() {
    setConfirming(false);
    const result = await api.updateSettings({ baseUrl: address, concurrency: Number(concurrency) });
    if (!result.ok) return setFeedback((w) => errorFeedback(result.error, w));
    onChange(result.value);
    const { sandboxFolder } = settings.data;
    setFeedback((w) => ({
      tone: 'ok',
      text: leavesSandbox
        ? w.t('settings.platform.savedSwitched', { address, sandboxFolder })
        : w.t('settings.platform.saved'),
    }));
  }

  return (
    <form
      aria-labelledby="platform-title"
      // The agent's rule, in its words, rather than the browser's own URL check.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const rule = address === null ? null : platformUrlProblem(address);
        if (rule) {
          // The agent's rule in the till's words, once the rule's words have their key.
          return setFeedback((w) => {
            const problem = w.say({ message: rule, say: saidOfField(rule) });
            return {
              tone: 'error',
              text: w.t('settings.platform.badAddress', { problem }),
              fields: { '/baseUrl': w.t('settings.platform.badAddressField', { problem }) },
            };
          });
        }
        if (leavesSandbox && !confirming) {
          setFeedback(undefined);
          return setConfirming(true);
        }
        void save();
      }}
    >
      <h2 id="platform-title">{words.t('settings.platform.heading')}</h2>
      <InputField
        id="base-url"
        label={words.t('settings.platform.address')}
        hint={
          lockedNote(platform.locked, 'baseUrl', words) ?? words.t('settings.platform.addressHint')
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
        label={words.t('settings.platform.concurrency')}
        hint={
          lockedNote(platform.locked, 'concurrency', words) ??
          words.t('settings.range', { min: '1', max: '16' })
        }
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
            {words.t('settings.platform.confirm', {
              address,
              folder: settings.data.folder,
              sandboxFolder: settings.data.sandboxFolder,
            })}
          </p>
          <button type="submit" class="primary">
            {words.t('settings.platform.switch')}
          </button>
          <button type="button" class="link" onClick={() => setConfirming(false)}>
            {words.t('settings.platform.cancel')}
          </button>
        </div>
      )}
      {!confirming && <button type="submit">{words.t('settings.platform.save')}</button>}
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
  const [feedback, setFeedback] = useFeedback();

  async function saveKey() {
    setBusy(true);
    setFeedback((w) => ({ tone: 'ok', text: w.t('settings.key.saving') }));
    const result = await api.setApiKey({ key });
    setBusy(false);
    if (!result.ok) return setFeedback((w) => errorFeedback(result.error, w));
    setKey('');
    const { keyCheck, ...next } = result.value;
    onChange(next);
    setFeedback((w) =>
      keyCheck
        ? {
            tone: keyCheck.verdict === 'accepted' ? 'ok' : 'error',
            // The agent's detail is English only (the doctor's words): other languages say
            // the verdict and what to do.
            text: w.t('settings.key.savedChecked', {
              check:
                w.language === 'en'
                  ? keyCheck.message
                  : w.t('settings.key.verdict', { verdict: keyCheck.verdict }),
            }),
          }
        : { tone: 'ok', text: w.t('settings.key.savedUnchecked') },
    );
  }

  async function removeKey() {
    const result = await api.clearApiKey({});
    if (!result.ok) return setFeedback((w) => errorFeedback(result.error, w));
    onChange(result.value);
    setFeedback((w) => ({ tone: 'ok', text: w.t('settings.key.removed') }));
  }

  return (
    <form
      aria-labelledby="key-title"
      onSubmit={(event) => {
        event.preventDefault();
        void saveKey();
      }}
    >
      <h2 id="key-title">{words.t('settings.key.heading')}</h2>
      <p data-testid="key-state">
        {apiKey.set
          ? words.t('settings.key.state', {
              expires: apiKey.expiresAt ? 'yes' : 'no',
              until: apiKey.expiresAt ? formatTime(apiKey.expiresAt) : '',
              scoped: apiKey.scopes ? 'yes' : 'no',
              scopes: apiKey.scopes?.join(', ') ?? '',
              storage: apiKey.storage === 'none' ? '' : words.t(STORAGE_WORDS[apiKey.storage]),
            })
          : words.t(settings.mode === 'sandbox' ? 'settings.key.noneSandbox' : 'settings.key.none')}
      </p>
      {apiKey.expiresSoon && <Notice tone="error">{words.t('settings.key.expiresSoon')}</Notice>}
      <InputField
        id="api-key"
        label={words.t('settings.key.new')}
        hint={lockedNote(platform.locked, 'apiKey', words) ?? words.t('settings.key.newHint')}
        error={feedback?.fields?.['/key']}
        type="password"
        autocomplete="off"
        value={key}
        disabled={Boolean(platform.locked.apiKey)}
        onValue={setKey}
      />
      <button type="submit" disabled={!key || busy || Boolean(platform.locked.apiKey)}>
        {words.t(busy ? 'settings.key.checking' : 'settings.key.save')}
      </button>
      {apiKey.set && apiKey.storage !== 'environment' && (
        <button type="button" class="link" onClick={() => void removeKey()}>
          {words.t('settings.key.remove')}
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
