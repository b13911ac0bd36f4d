// Reads Code 128 back from bar and space widths, as a scanner would: the start character,
// each six-element character by the standard's pattern table, the check character (mod
// 103) and the stop. Used to prove that what is drawn carries the text it should.
import { CODE128_PATTERNS } from '../../domain/code128.js';

const valueOf = new Map(CODE128_PATTERNS.map((pattern, value) => [pattern, value]));

/** The text in a symbol's widths (bar first, start to stop, no quiet zones); throws if unreadable. */
export function decodeCode128(widths: readonly number[]): string {
  const stop = widths.slice(-7).join('');
  if (stop !== CODE128_PATTERNS[106]) throw new Error(`no stop character at the end: ${stop}`);
  const body = widths.slice(0, -7);
  if (body.length % 6 !== 0) throw new Error(`${body.length} elements before the stop`);
  const values: number[] = [];
  for (let i = 0; i < body.length; i += 6) {
    const pattern = body.slice(i, i + 6).join('');
    const value = valueOf.get(pattern);
    if (value === undefined || value > 105) throw new Error(`unknown character ${pattern}`);
    values.push(value);
  }
  const [start, ...rest] = values;
  const check = rest.pop();
  const sum = rest.reduce((total, value, index) => total + value * (index + 1), start!);
  if (sum % 103 !== check) throw new Error(`check character ${check}, expected ${sum % 103}`);
  let set = start === 104 ? 'B' : start === 105 ? 'C' : null;
  if (set === null) throw new Error(`start character ${start} is not B or C`);
  let text = '';
  for (const value of rest) {
    if (set === 'B' && value === 99) set = 'C';
    else if (set === 'C' && value === 100) set = 'B';
    else if (set === 'B' && value < 95) text += String.fromCharCode(value + 32);
    else if (set === 'C' && value < 100) text += String(value).padStart(2, '0');
    else throw new Error(`character ${value} in code set ${set} is not read here`);
  }
  return text;
}

/** Widths from drawn bars' left and right edges (any unit), in modules of `module` units. */
export function widthsFromBars(
  bars: ReadonlyArray<{ left: number; right: number }>,
  module: number,
) {
  const sorted = [...bars].sort((a, b) => a.left - b.left);
  const widths: number[] = [];
  sorted.forEach((bar, index) => {
    if (index > 0) widths.push(Math.round((bar.left - sorted[index - 1]!.right) / module));
    widths.push(Math.round((bar.right - bar.left) / module));
  });
  return widths;
}
