// Settings: where this till's metrics go, for a chain's Prometheus or OpenTelemetry
// monitoring. Empty fields turn that way out off. The token and the OTLP headers are set
// where the till is installed (environment or config.json): only whether they are is shown.
import { useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { errorFeedback, InputField, Notice, useFeedback } from './field';
import { lockedNote as lockedBy } from './locked-note';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;

export function MonitoringForm({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const words = useWords();
  const { monitoring } = settings;
  const [listen, setListen] = useState(monitoring.listen ?? '');
  const [otlp, setOtlp] = useState(monitoring.otlpEndpoint ?? '');
  const [gateway, setGateway] = useState(monitoring.pushgatewayUrl ?? '');
  const [interval, setPushInterval] = useState(String(monitoring.pushIntervalSeconds));
  const [feedback, setFeedback] = useFeedback();
  const error = (path: string) => feedback?.fields?.[path];
  const locked = (field: string) => Boolean(settings.platform.locked[field]);
  const lockedNote = (field: string) => lockedBy(settings.platform.locked, field, words);

  async function save(event: Event) {
    event.preventDefault();
    const value = (text: string) => text.trim() || null;
    const result = await api.updateMonitoring({
      ...(locked('listen') ? {} : { listen: value(listen) }),
      ...(locked('otlpEndpoint') ? {} : { otlpEndpoint: value(otlp) }),
      ...(locked('pushgatewayUrl') ? {} : { pushgatewayUrl: value(gateway) }),
      pushIntervalSeconds: Number(interval),
    });
    if (!result.ok) return setFeedback((w) => errorFeedback(result.error, w));
    onChange(result.value);
    setFeedback((w) => ({ tone: 'ok', text: w.t('settings.monitoring.saved') }));
  }

  return (
    <form aria-labelledby="monitoring-title" onSubmit={(event) => void save(event)}>
      <h2 id="monitoring-title">{words.t('settings.monitoring.heading')}</h2>
      <p class="hint">
        {words.t('settings.monitoring.tillId')} <code>{monitoring.tillId}</code>.{' '}
        {words.t('settings.monitoring.onlyFigures')}
      </p>
      <InputField
        id="metrics-listen"
        label={words.t('settings.monitoring.listen')}
        hint={
          lockedNote('listen') ??
          (monitoring.servedAt
            ? words.t('settings.monitoring.serving', {
                address: monitoring.servedAt,
                token: monitoring.tokenSet ? 'yes' : 'no',
              })
            : words.t('settings.monitoring.listenHint'))
        }
        error={error('/listen')}
        value={listen}
        disabled={locked('listen')}
        onValue={setListen}
      />
      <InputField
        id="otlp-endpoint"
        label={words.t('settings.monitoring.otlp')}
        hint={
          lockedNote('otlpEndpoint') ??
          words.t('settings.monitoring.otlpHint', {
            headers: monitoring.otlpHeadersSet ? 'yes' : 'no',
          })
        }
        error={error('/otlpEndpoint')}
        type="url"
        value={otlp}
        disabled={locked('otlpEndpoint')}
        onValue={setOtlp}
      />
      <InputField
        id="pushgateway-url"
        label={words.t('settings.monitoring.pushgateway')}
        hint={lockedNote('pushgatewayUrl') ?? words.t('settings.monitoring.pushgatewayHint')}
        error={error('/pushgatewayUrl')}
        type="url"
        value={gateway}
        disabled={locked('pushgatewayUrl')}
        onValue={setGateway}
      />
      <InputField
        id="push-interval"
        label={words.t('settings.monitoring.interval')}
        hint={words.t('settings.range', { min: '5', max: '3600' })}
        error={error('/pushIntervalSeconds')}
        type="number"
        min="5"
        max="3600"
        value={interval}
        onValue={setPushInterval}
      />
      <button type="submit">{words.t('settings.monitoring.save')}</button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}
