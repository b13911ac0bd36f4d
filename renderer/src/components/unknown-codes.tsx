// Every code of this sale that matched no product, listed until the cashier dismisses them or
// the sale ends: in a burst of scans, the second unknown code must not hide the first.
export function UnknownCodes(props: { codes: string[]; onDismiss: () => void }) {
  if (props.codes.length === 0) return null;
  return (
    <div class="notice notice-error unknown-codes" role="alert">
      <ul>
        {props.codes.map((code, index) => (
          <li key={`${index}-${code}`}>
            Unknown code <code>{code}</code>: no product has this barcode or id.
          </li>
        ))}
      </ul>
      <button type="button" onClick={props.onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
