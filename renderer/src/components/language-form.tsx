// Settings: the till's language and formats, one choice. The words on every screen and how
// numbers and dates are typed and shown follow it; saving it re-renders the app in it at once
// (the app's words come from the settings it is handed back).
import { useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { formatMoney } from '../../../domain/views/money-format';
import { api } from '../api';
import { localeGroups, ownName, systemLocale } from '../locale';
import { screenTimeZone } from '../money';
import { useWords } from '../words';
import { errorFeedback, Field, Notice, useFeedback } from './field';

type Settings = MethodOutput<'getSettings'>;

export function LanguageForm(props: {
  settings: Settings;
  onChange: (next: Settings) => void;
  /** The moment the example date shows (a clock is an input). */
  now: number;
}) {
  const words = useWords();
  const { till } = props.settings;
  const [locale, setLocale] = useState(till.locale ?? '');
  // Said at render time: the notice of a save is in the language just chosen.
  const [feedback, setFeedback] = useFeedback();
  const shown = locale || systemLocale();
  const example = words.t('settings.language.example', {
    // Grouping and decimals both show, whatever the currency's minor digits.
    amount: formatMoney(1_234_567, till.currency, till.currencyDecimals, 'symbol', shown),
    date: new Intl.DateTimeFormat(shown, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: screenTimeZone(),
    }).format(props.now),
  });

  async function save(event: Event) {
    event.preventDefault();
    const result = await api.updateSettings({ locale: locale || null });
    if (!result.ok) return setFeedback((w) => errorFeedback(result.error, w));
    const saved = result.value.till.locale;
    setFeedback((w) => ({
      tone: 'ok',
      text: w.t('settings.language.saved', {
        name: saved
          ? ownName(saved)
          : w.t('settings.language.system', { name: ownName(systemLocale()) }),
      }),
    }));
    // As kept: "de-de" is saved as de-DE.
    setLocale(saved ?? '');
    props.onChange(result.value);
  }

  return (
    <form aria-labelledby="language-title" onSubmit={(event) => void save(event)}>
      <h2 id="language-title">{words.t('settings.language.heading')}</h2>
      <Field
        id="locale"
        label={words.t('settings.language.label')}
        hint={`${words.t('settings.language.hint')} ${example}`}
        error={feedback?.fields?.['/locale']}
      >
        <select
          id="locale"
          value={locale}
          onChange={(event) => setLocale(event.currentTarget.value)}
        >
          <option value="">
            {words.t('settings.language.system', { name: ownName(systemLocale()) })}
          </option>
          {localeGroups(till.locale).map((group) => (
            <optgroup
              key={group.name}
              label={group.language ? group.name : words.t('settings.language.formatsOnly')}
              lang={group.language ?? undefined}
            >
              {group.locales.map((tag) => (
                <option key={tag} value={tag} lang={tag}>
                  {ownName(tag)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
      <button type="submit">{words.t('settings.language.save')}</button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}
