// The field a barcode scanner types into. Uncontrolled on purpose: on Enter the code is
// read from the field and the field emptied in the same moment, so a scan arriving right
// behind starts in an empty field, however fast it types.
import type { RefObject } from 'preact';

export function ScanField(props: {
  inputRef: RefObject<HTMLInputElement | null>;
  onQuery: (text: string) => void;
  onCode: (code: string) => void;
}) {
  return (
    <div class="field">
      <label for="product-search">Scan or search products</label>
      <input
        id="product-search"
        ref={props.inputRef}
        type="search"
        autoComplete="off"
        placeholder="Barcode, name or product id, then Enter"
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
