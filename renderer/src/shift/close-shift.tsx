// Closing the shift: count the drawer, see the difference, add a note when it is large,
// close. A blind close shows the expected figure only once the count is entered (and keeps
// the count as entered); otherwise the figures follow the count as it is typed.
import { useEffect, useState } from 'preact/hooks';
import { MAX_CLOSE_NOTE, type ShiftReport } from '../../../domain/shift';
import type { MethodOutput, ShiftState } from '../../../main/contract/contract';
import { api } from '../api';
import { InputField, Notice } from '../components/field';
import type { MoneyTyping } from './amount';
import { CloseFigures } from './close-figures';
import { emptyCount, readCount } from './count';
import { CountForm } from './count-form';
import { withApproval, type useManagerApproval } from './manager-approval';
import { useWords } from '../words';

type Preview = MethodOutput<'previewClose'>;

export function CloseShift(props: {
  state: ShiftState;
  typing: MoneyTyping;
  money: (minor: number) => string;
  approval: ReturnType<typeof useManagerApproval>;
  onClosed: (report: ShiftReport) => void;
  onCancelled: () => void;
}) {
  const words = useWords();
  const { state, typing, money } = props;
  const { denominations, blindClose } = state;
  const [draft, setDraft] = useState(() => emptyCount(denominations));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Preview>();
  const [revealed, setRevealed] = useState(!blindClose);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const read = readCount(draft, denominations, typing, money, words);
  const countKey = JSON.stringify(read.ok ? read.count : null);
  // A line's problem shows until the line is put right.
  const shownProblems = Object.fromEntries(
    Object.entries(problems).filter(([id]) => !read.ok && id in read.problems),
  );

  // Not blind: the expected figure at once, and the difference as the count is typed.
  useEffect(() => {
    if (blindClose) return;
    let current = true;
    const count = read.ok ? read.count : { countedMinor: 0 };
    void api.previewClose({ count }).then((result) => {
      if (current && result.ok) setPreview(result.value);
    });
    return () => void (current = false);
  }, [countKey, blindClose]);

  async function reveal() {
    if (!read.ok) return setProblems(read.problems);
    setProblems({});
    const result = await api.previewClose({ count: read.count });
    if (!result.ok) return setProblem(words.error(result.error));
    setPreview(result.value);
    setRevealed(true);
  }

  async function close(event: Event) {
    event.preventDefault();
    if (!read.ok) return setProblems(read.problems);
    setProblems({});
    const noteNeeded = words.t('shift.close.noteNeeded');
    if (preview?.noteRequired && note.trim() === '') return setNoteError(noteNeeded);
    setNoteError(undefined);
    const result = await props.approval.run((approval) =>
      api.closeShift({ count: read.count, note, ...withApproval(approval) }),
    );
    if (result.ok) return props.onClosed(result.value);
    if (result.error.fields?.some((field) => field.path === '/note'))
      return setNoteError(noteNeeded);
    setProblem(words.error(result.error));
  }

  async function cancel() {
    const result = await api.cancelClose({});
    if (!result.ok) return setProblem(words.error(result.error));
    props.onCancelled();
  }

  const counted = read.ok && revealed;
  return (
    <>
      <form
        class="close-shift"
        aria-labelledby="close-title"
        onSubmit={(event) => void close(event)}
      >
        <h3 id="close-title">{words.t('shift.close.title')}</h3>
        {blindClose && !revealed && <p>{words.t('shift.close.blindHint')}</p>}
        <CountForm
          denominations={denominations}
          money={money}
          draft={draft}
          problems={shownProblems}
          totalMinor={read.ok ? read.totalMinor : undefined}
          locked={blindClose && revealed}
          onDraft={setDraft}
        />
        {revealed && preview && (
          <CloseFigures
            expectedMinor={preview.expectedMinor}
            countedMinor={counted ? preview.countedMinor : null}
            differenceMinor={counted ? preview.differenceMinor : null}
            money={money}
          />
        )}
        {revealed && (
          <InputField
            id="close-note"
            label={
              preview?.noteRequired
                ? words.t('shift.close.noteLabelNeeded', {
                    amount: money(state.closeNoteAboveMinor),
                  })
                : words.t('shift.close.noteLabel')
            }
            maxLength={MAX_CLOSE_NOTE}
            autocomplete="off"
            error={noteError}
            value={note}
            onValue={setNote}
          />
        )}
        <div class="actions">
          {revealed ? (
            <button type="submit" class="primary">
              {words.t('shift.action.closeShift')}
            </button>
          ) : (
            <button type="button" class="primary" onClick={() => void reveal()}>
              {words.t('shift.close.reveal')}
            </button>
          )}
          <button type="button" onClick={() => void cancel()}>
            {words.t('shift.close.cancel')}
          </button>
        </div>
        {problem && <Notice tone="error">{problem}</Notice>}
      </form>
      {props.approval.prompt}
    </>
  );
}
