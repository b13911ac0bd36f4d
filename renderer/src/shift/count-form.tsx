// Counting the drawer: how many of each note and coin (with each line's value and the total
// as they are typed), or one amount when the currency has no list or the person prefers.
import { InputField } from '../components/field';
import { AMOUNT_FIELD, countFieldId, lineCount, type CountDraft } from './count';
import { useWords } from '../words';

export function CountForm(props: {
  denominations: readonly number[];
  money: (minor: number) => string;
  draft: CountDraft;
  problems: Record<string, string>;
  /** The total of the count, or undefined while a line is not a number. */
  totalMinor: number | undefined;
  /** A blind count once the expected figure is shown: kept as entered. */
  locked: boolean;
  onDraft: (next: CountDraft) => void;
}) {
  const words = useWords();
  const { denominations, money, draft, problems, locked } = props;
  const byNotes = draft.byNotes && denominations.length > 0;
  const total = (
    <p class="count-total" aria-live="polite">
      {words.t('shift.figures.counted')}{' '}
      <strong data-testid="counted-total">
        {props.totalMinor === undefined ? '–' : money(props.totalMinor)}
      </strong>
    </p>
  );
  return (
    <fieldset class="count-form" disabled={locked}>
      <legend>{words.t('shift.count.legend')}</legend>
      {byNotes ? (
        <table class="count-lines">
          <thead>
            <tr>
              <th scope="col">{words.t('shift.count.noteOrCoin')}</th>
              <th scope="col">{words.t('shift.count.howMany')}</th>
              <th scope="col">{words.t('shift.count.value')}</th>
            </tr>
          </thead>
          <tbody>
            {denominations.map((value) => {
              const id = countFieldId(value);
              const text = draft.counts[value] ?? '';
              const count = lineCount(text);
              return (
                <tr key={value}>
                  <th scope="row">
                    <label for={id}>{money(value)}</label>
                  </th>
                  <td>
                    <input
                      id={id}
                      inputMode="numeric"
                      autoComplete="off"
                      placeholder="0"
                      value={text}
                      aria-invalid={problems[id] ? true : undefined}
                      aria-describedby={problems[id] ? `${id}-error` : undefined}
                      onInput={(event) =>
                        props.onDraft({
                          ...draft,
                          counts: { ...draft.counts, [value]: event.currentTarget.value },
                        })
                      }
                    />
                    {problems[id] && (
                      <p class="error" id={`${id}-error`} role="alert">
                        {problems[id]}
                      </p>
                    )}
                  </td>
                  <td class="paper-amount">{count === undefined ? '–' : money(value * count)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <InputField
          id={AMOUNT_FIELD}
          label={words.t('shift.count.amount')}
          inputMode="decimal"
          autocomplete="off"
          error={problems[AMOUNT_FIELD]}
          value={draft.amount}
          onValue={(amount) => props.onDraft({ ...draft, amount })}
        />
      )}
      {total}
      {denominations.length > 0 && (
        <button
          type="button"
          class="link"
          onClick={() => props.onDraft({ ...draft, byNotes: !byNotes })}
        >
          {byNotes ? words.t('shift.count.oneAmount') : words.t('shift.count.byNotes')}
        </button>
      )}
    </fieldset>
  );
}
