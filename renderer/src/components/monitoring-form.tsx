// Settings: where this till's metrics go, for a chain's Prometheus or OpenTelemetry
// monitoring. Empty fields turn that way out off. The token and the OTLP headers are set
// where the till is installed (environment or config.json): only whether they are is shown.
import { useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { errorFeedback, InputField, Notice, type Feedback } from './field';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;

const lockedNote = (settings: Settings, field: string) =>
  settings.platform.locked[field]
    ? `Set by ${settings.platform.locked[field]}: change it there.`
    : undefined;

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
  const [feedback, setFeedback] = useState<Feedback>();
  const error = (path: string) => feedback?.fields?.[path];
  const locked = (field: string) => Boolean(settings.platform.locked[field]);

  async function save(event: Event) {
    event.preventDefault();
    const value = (text: string) => text.trim() || null;
    const result = await api.updateMonitoring({
      ...(locked('listen') ? {} : { listen: value(listen) }),
      ...(locked('otlpEndpoint') ? {} : { otlpEndpoint: value(otlp) }),
      ...(locked('pushgatewayUrl') ? {} : { pushgatewayUrl: value(gateway) }),
      pushIntervalSeconds: Number(interval),
    });
    if (!result.ok) return setFeedback(errorFeedback(result.error, words));
    onChange(result.value);
    setFeedback({ tone: 'ok', text: 'Monitoring settings saved.' });
  }

  return (
    <form aria-labelledby="monitoring-title" onSubmit={(event) => void save(event)}>
      <h2 id="monitoring-title">Monitoring</h2>
      <p class="hint">
        This till's id in monitoring: <code>{monitoring.tillId}</code>. Only the figures of the sync
        status are sent, never sales, customers or the key.
      </p>
      <InputField
        id="metrics-listen"
        label="Prometheus endpoint (host:port)"
        hint={
          lockedNote(settings, 'listen') ??
          (monitoring.servedAt
            ? `Serving ${monitoring.servedAt}${monitoring.tokenSet ? ', with a bearer token' : ''}.`
            : 'Like 127.0.0.1:9464; another address needs TILLSYNC_METRICS_TOKEN. Empty: off.')
        }
        error={error('/listen')}
        value={listen}
        disabled={locked('listen')}
        onValue={setListen}
      />
      <InputField
        id="otlp-endpoint"
        label="OpenTelemetry collector (OTLP/HTTP)"
        hint={
          lockedNote(settings, 'otlpEndpoint') ??
          `https://…; headers ${monitoring.otlpHeadersSet ? 'set' : 'not set'} (TILLSYNC_OTLP_HEADERS). Empty: off.`
        }
        error={error('/otlpEndpoint')}
        type="url"
        value={otlp}
        disabled={locked('otlpEndpoint')}
        onValue={setOtlp}
      />
      <InputField
        id="pushgateway-url"
        label="Prometheus Pushgateway"
        hint={lockedNote(settings, 'pushgatewayUrl') ?? 'https://… Empty: off.'}
        error={error('/pushgatewayUrl')}
        type="url"
        value={gateway}
        disabled={locked('pushgatewayUrl')}
        onValue={setGateway}
      />
      <InputField
        id="push-interval"
        label="Seconds between pushes"
        hint="5 to 3600"
        error={error('/pushIntervalSeconds')}
        type="number"
        min="5"
        max="3600"
        value={interval}
        onValue={setPushInterval}
      />
      <button type="submit">Save monitoring settings</button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}
