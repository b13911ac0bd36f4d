// Where a return starts on the Till screen: a button (for a receipt typed or searched), or
// a receipt's barcode scanned into the product field, which opens its sale at once.
import type { MethodOutput } from '../../../main/contract/contract';
import { useWords } from '../words';
import { ReturnPanel } from './return-panel';

type Till = MethodOutput<'getSettings'>['till'];

export function ReturnEntry(props: {
  /** The receipt scanned or typed, '' while the sale is being found; undefined: no return. */
  returning: string | undefined;
  till: Till;
  money: (minor: number) => string;
  onStart: (receipt: string) => void;
  onClose: () => void;
}) {
  const words = useWords();
  if (props.returning === undefined)
    return (
      <button type="button" class="return-start" onClick={() => props.onStart('')}>
        {words.t('till.return.start')}
      </button>
    );
  return (
    <ReturnPanel
      key={props.returning}
      start={props.returning}
      till={props.till}
      money={props.money}
      onClose={props.onClose}
    />
  );
}
