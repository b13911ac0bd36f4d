// The field a barcode scanner types into. Uncontrolled on purpose: on Enter the code is
// read from the field and the field emptied in the same moment, so a scan arriving right
// behind starts in an empty field, however fast it types.
import type { RefObject } from 'preact';
import { useWords } from '../words';

export function ScanField(props: {
  inputRef: RefObject<HTMLInputElement | null>;
  onQuery: (text: string) => void;
  onCode: (code: string) => void;
}) {
  const words = useWords();
  return (
    <div class="field">
      <label for="product-search">{words.t('till.scan.label')}</label>
      <input
        id="product-search"
        ref={props.inputRef}
        type="search"
        autoComplete="off"
        placeholder={words.t('till.scan.placeholder')}
        onInput={(event) => props.onQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const code = event.currentTarget.value.trim();
          event.currentTarget.value = '';
          props.onQuery('');
          if (code) props.onCode(code);
        }}
      />
    </div>
  );
}
