// Settings: the daily backups kept, how long sales stay in the till's database before they
// move to the yearly archives, and a backup on request.
import { useState } from 'preact/hooks';
import type { MethodOutput } from '../../../main/contract/contract';
import { api } from '../api';
import { formatTime } from '../money';
import { useWords } from '../words';
import { errorFeedback, InputField, Notice, useFeedback } from './field';

type Settings = MethodOutput<'getSettings'>;

export function BackupForm(props: { settings: Settings; onChange: (next: Settings) => void }) {
  const words = useWords();
  const { till, backups, data } = props.settings;
  const [kept, setKept] = useState(String(till.backupsKept));
  const [archiveAfter, setArchiveAfter] = useState(String(till.archiveAfterMonths));
  const [backingUp, setBackingUp] = useState(false);
  const [feedback, setFeedback] = useFeedback();
  // An emptied field is an error, not 0 (which would turn backups off).
  const count = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

  async function save(event: Event) {
    event.preventDefault();
    const result = await api.updateSettings({
      backupsKept: count(kept),
      archiveAfterMonths: count(archiveAfter),
    });
    if (!result.ok) return setFeedback((w) => errorFeedback(result.error, w));
    setFeedback((w) => ({ tone: 'ok', text: w.t('settings.backups.saved') }));
    props.onChange(result.value);
  }

  async function backUpNow() {
    setBackingUp(true);
    const result = await api.backupNow({});
    setBackingUp(false);
    if (!result.ok) return setFeedback((w) => errorFeedback(result.error, w));
    const { sales, file } = result.value;
    setFeedback((w) => ({
      tone: 'ok',
      text: w.t('settings.backups.done', { count: sales, file }),
    }));
    const next = await api.getSettings({});
    if (next.ok) props.onChange(next.value);
  }

  return (
    <form aria-labelledby="backups-title" onSubmit={(event) => void save(event)}>
      <h2 id="backups-title">{words.t('settings.backups.heading')}</h2>
      <p data-testid="backup-state">
        {backups.latest
          ? words.t('settings.backups.latest', {
              time: formatTime(backups.latest.at),
              folder: backups.folder,
            })
          : words.t('settings.backups.none', { folder: backups.folder })}
      </p>
      <InputField
        id="backups-kept"
        label={words.t('settings.backups.kept')}
        hint={words.t('settings.backups.keptHint')}
        error={feedback?.fields?.['/backupsKept']}
        type="number"
        min="0"
        max="365"
        value={kept}
        onValue={setKept}
      />
      <InputField
        id="archive-after"
        label={words.t('settings.backups.archiveAfter')}
        hint={words.t('settings.backups.archiveHint', { folder: `${data.folder}/archive` })}
        error={feedback?.fields?.['/archiveAfterMonths']}
        type="number"
        min="0"
        max="120"
        value={archiveAfter}
        onValue={setArchiveAfter}
      />
      <button type="submit">{words.t('settings.backups.save')}</button>
      <button type="button" disabled={backingUp} onClick={() => void backUpNow()}>
        {words.t(backingUp ? 'settings.backups.backingUp' : 'settings.backups.backUpNow')}
      </button>
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
    </form>
  );
}
