// Text laid out for a till roll: lines of at most a fixed number of characters (48 on
// 80 mm paper, 32 on 58 mm), labels on the left and figures on the right. Nothing is ever
// lost to the width: a long label or name wraps onto the next lines, a word longer than
// the line is cut across lines.
import type { ReceiptWidth } from '../sale-states.js';

/** The characters a line holds on each paper width (the printers' standard font). */
export const ROLL_COLUMNS = { '80mm': 48, '58mm': 32 } as const satisfies Record<
  ReceiptWidth,
  number
>;

/** Characters as a printer counts them (a currency symbol outside the BMP is one). */
export const lengthOf = (text: string) => [...text].length;

/** Text padded on the left to `width` characters. */
export const alignRight = (text: string, width: number) =>
  ' '.repeat(Math.max(0, width - lengthOf(text))) + text;

/** Words on lines of at most `width` characters; always at least one line. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = [...word];
    if (line !== '' && lengthOf(line) + 1 + rest.length <= width) {
      line += ` ${word}`;
      continue;
    }
    if (line !== '') lines.push(line);
    while (rest.length > width) {
      lines.push(rest.slice(0, width).join(''));
      rest = rest.slice(width);
    }
    line = rest.join('');
  }
  lines.push(line);
  return lines;
}

/** A roll being written: every method adds whole lines that fit. */
export function tillRoll(width: number) {
  const lines: string[] = [];
  const spaces = (n: number) => ' '.repeat(Math.max(0, n));

  /** A label on the left and its figure on the right, on one line when both fit. */
  function row(label: string, value = '', indent = 0) {
    const labelLines = wrap(label, width - indent).map((line) => spaces(indent) + line);
    const last = labelLines.pop()!;
    lines.push(...labelLines);
    const gap = width - lengthOf(last) - lengthOf(value);
    if (value === '') lines.push(last);
    else if (gap >= 1) lines.push(last + spaces(gap) + value);
    else {
      // The figures go on the next line, as they are (their columns kept) when they fit.
      lines.push(last);
      const valueLines = lengthOf(value) <= width ? [value] : wrap(value, width);
      for (const line of valueLines) lines.push(alignRight(line, width));
    }
  }

  return {
    row,
    /** Text wrapped on lines of its own, indented. */
    text(text: string, indent = 0) {
      for (const line of wrap(text, width - indent)) lines.push(spaces(indent) + line);
    },
    center(text: string) {
      for (const line of wrap(text, width))
        lines.push(spaces(Math.floor((width - lengthOf(line)) / 2)) + line);
    },
    rule: () => lines.push('-'.repeat(width)),
    blank: () => lines.push(''),
    lines: () => lines,
  };
}
