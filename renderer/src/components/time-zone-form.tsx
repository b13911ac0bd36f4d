// The shop's time zone: where its days begin and end (the day's totals, a search by day, an
// export's days) and the times on screens, receipts and reports. The choice is the agent's
// setting; "the computer's" is the agent's computer's zone, not this browser's.
import { useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { errorFeedback, Field, Notice, useFeedback } from './field';
import { useWords } from '../words';

type Settings = MethodOutput<'getSettings'>;

/** The zones this browser knows, with the one set (an alias it may list by another name). */
function zoneChoices(current: string | null): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return current === null || known.includes(current) ? known : [current, ...known].sort();
}

export function TimeZoneForm(props: { settings: Settings; onChange: (next: Settings) => void }) {
  const words = useWords();
  const { till } = props.settings;
  const [zone, setZone] = useState(till.timeZone ?? '');
  const [feedback, setFeedback] = useFeedback();

  async function save(event: Event) {
    event.preventDefault();
    const result = await api.updateSettings({ timeZone: zone === '' ? null : zone });
    if (!result.ok) return setFeedback((w) => errorFeedback(result.error, w));
    const followed = result.value.till.effectiveTimeZone;
    setFeedback((w) => ({ tone: 'ok', text: w.t('settings.timeZone.saved', { zone: followed }) }));
    props.onChange(result.value);
  }

  return (
    <form aria-labelledby="time-zone-title" onSubmit={(event) => void save(event)}>
      <h2 id="time-zone-title">{words.t('settings.timeZone.heading')}</h2>
      <Field
        id="time-zone"
        label={words.t('settings.timeZone.label')}
        hint={words.t('settings.timeZone.hint')}
        error={feedback?.fields?.['/timeZone']}
      >
        <select
          id="time-zone"
          value={zone}
          onChange={(event) => setZone(event.currentTarget.value)}
        >
          <option value="">
            {words.t('settings.timeZone.system', { zone: till.systemTimeZone })}
          </option>
          {zoneChoices(till.timeZone).map((one) => (
            <option key={one} value={one}>
              {one.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit">{words.t('settings.timeZone.save')}</button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}
