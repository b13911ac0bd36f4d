// The close's three figures: the cash expected, the cash counted, and over or short.
export function differenceWords(differenceMinor: number, money: (minor: number) => string) {
  if (differenceMinor === 0) return 'Exact: nothing over or short';
  return differenceMinor > 0
    ? `Over by ${money(differenceMinor)}`
    : `Short by ${money(-differenceMinor)}`;
}

export function CloseFigures(props: {
  expectedMinor: number;
  countedMinor: number | null;
  differenceMinor: number | null;
  money: (minor: number) => string;
}) {
  const { money } = props;
  return (
    <dl class="close-figures" data-testid="close-figures">
      <dt>Expected in the drawer</dt>
      <dd data-testid="expected">{money(props.expectedMinor)}</dd>
      {props.countedMinor !== null && (
        <>
          <dt>Counted</dt>
          <dd data-testid="counted">{money(props.countedMinor)}</dd>
        </>
      )}
      {props.differenceMinor !== null && (
        <>
          <dt>Difference</dt>
          <dd data-testid="difference">{differenceWords(props.differenceMinor, money)}</dd>
        </>
      )}
    </dl>
  );
}
