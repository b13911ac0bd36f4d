// The close's three figures: the cash expected, the cash counted, and over or short.
import { useWords } from '../words';
import { differenceWords } from './difference-words';

export function CloseFigures(props: {
  expectedMinor: number;
  countedMinor: number | null;
  differenceMinor: number | null;
  money: (minor: number) => string;
}) {
  const words = useWords();
  const { money } = props;
  return (
    <dl class="close-figures" data-testid="close-figures">
      <dt>{words.t('shift.figures.expected')}</dt>
      <dd data-testid="expected">{money(props.expectedMinor)}</dd>
      {props.countedMinor !== null && (
        <>
          <dt>{words.t('shift.figures.counted')}</dt>
          <dd data-testid="counted">{money(props.countedMinor)}</dd>
        </>
      )}
      {props.differenceMinor !== null && (
        <>
          <dt>{words.t('shift.figures.difference')}</dt>
          <dd data-testid="difference">{differenceWords(props.differenceMinor, money, words)}</dd>
        </>
      )}
    </dl>
  );
}
