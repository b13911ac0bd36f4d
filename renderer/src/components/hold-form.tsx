// Holding the sale on the counter: an optional note (who it is for, what they went to get),
// then Hold, and the counter is free for the next customer.
import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import { MAX_HOLD_NOTE } from '../../../domain/cart';
import { useWords } from '../words';

export function HoldForm(props: {
  noteRef: RefObject<HTMLInputElement | null>;
  onHold: (note: string) => void;
  onCancel: () => void;
}) {
  const words = useWords();
  const [note, setNote] = useState('');
  return (
    <form
      class="inline-form hold-form"
      onSubmit={(event) => {
        event.preventDefault();
        props.onHold(note);
      }}
    >
      <div class="field">
        <label for="hold-note">{words.t('till.hold.note')}</label>
        <input
          id="hold-note"
          ref={props.noteRef}
          maxLength={MAX_HOLD_NOTE}
          autoComplete="off"
          value={note}
          placeholder={words.t('till.hold.placeholder')}
          onInput={(event) => setNote(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Escape' && props.onCancel()}
        />
      </div>
      <button type="submit" class="primary">
        {words.t('till.hold.submit')}
      </button>
      <button type="button" class="link" onClick={props.onCancel}>
        {words.t('till.cancel')}
      </button>
    </form>
  );
}
