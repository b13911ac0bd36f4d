// Every code of this sale that matched no product, listed until the cashier dismisses them or
// the sale ends: in a burst of scans, the second unknown code must not hide the first.
import { useWords } from '../words';

export function UnknownCodes(props: { codes: string[]; onDismiss: () => void }) {
  const words = useWords();
  if (props.codes.length === 0) return null;
  return (
    <div class="notice notice-error unknown-codes" role="alert">
      <ul>
        {props.codes.map((code, index) => (
          <li key={`${index}-${code}`}>
            {words.t('till.unknown.code')} <code>{code}</code>
            {words.t('till.unknown.why')}
          </li>
        ))}
      </ul>
      <button type="button" onClick={props.onDismiss}>
        {words.t('till.dismiss')}
      </button>
    </div>
  );
}
