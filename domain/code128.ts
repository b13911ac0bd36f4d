// Code 128 (ISO/IEC 15417), the barcode on every receipt: text in, the symbol's bars and
// spaces out, ready to draw (an SVG on paper) or to hand to a printer. Code set B carries
// printable ASCII; code set C carries two digits per character, so a run of digits switches
// to C wherever that makes the symbol shorter. Pure and Node-free: the renderer draws it.

/**
 * Each symbol character's widths in modules, bar first, by value: 0 to 102 are data and
 * code-set characters, 103 to 105 the start characters (A, B, C), 106 the stop.
 */
// prettier-ignore
export const CODE128_PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212',
  '221213', '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221',
  '223211', '221132', '221231', '213212', '223112', '312131', '311222', '321122', '321221',
  '312212', '322112', '322211', '212123', '212321', '232121', '111323', '131123', '131321',
  '112313', '132113', '132311', '211313', '231113', '231311', '112133', '112331', '132131',
  '113123', '113321', '133121', '313121', '211331', '231131', '213113', '213311', '213131',
  '311123', '311321', '331121', '312113', '312311', '332111', '314111', '221411', '431111',
  '111224', '111422', '121124', '121421', '141122', '141221', '112214', '112412', '122114',
  '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111', '111242',
  '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311',
  '113141', '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

/** Values with a meaning of their own. */
export const CODE128 = {
  /** In code set B: switch to C; in C: the pair "99". */
  codeC: 99,
  /** In code set C: switch to B. */
  codeB: 100,
  startB: 104,
  startC: 105,
  stop: 106,
} as const;

/** White space each side, in modules: the standard's minimum of ten. */
export const QUIET_ZONE_MODULES = 10;

export interface Code128Symbol {
  text: string;
  /** The symbol characters: start, data and code-set switches, check character, stop. */
  values: number[];
  /** Bar and space widths in modules, alternating from the start's first bar to the stop's last. */
  widths: number[];
  /** The whole symbol's width in modules, both quiet zones included. */
  totalModules: number;
}

const isDigit = (char: string) => char >= '0' && char <= '9';
const codeB = (char: string) => char.charCodeAt(0) - 32;

/**
 * Whether a run of `n` digits is shorter in code set C than in B (each digit one character),
 * where the run starts the text (start C costs nothing extra) and whether it ends it (no
 * switch back to B). An odd digit stays in B: before the run, or after it when the run
 * opens the text. Runs are apart (a non-digit between), so choosing each alone is minimal.
 */
function runInC(n: number, atStart: boolean, atEnd: boolean): boolean {
  const pairs = Math.floor(n / 2);
  const odd = n % 2;
  const costC = atStart ? pairs + (odd ? 2 : atEnd ? 0 : 1) : odd + 1 + pairs + (atEnd ? 0 : 1);
  // As short either way: C for four digits or more, as GS1's informative rules say.
  return costC < n || (costC === n && n >= 4);
}

/** The values for `text` (start and data, no check or stop), in code sets B and C. */
function dataValues(text: string): number[] {
  const chars = [...text];
  const values: number[] = [];
  let set: 'B' | 'C' | null = null;
  const switchTo = (next: 'B' | 'C') => {
    if (set === null) values.push(next === 'B' ? CODE128.startB : CODE128.startC);
    else if (set !== next) values.push(next === 'B' ? CODE128.codeB : CODE128.codeC);
    set = next;
  };
  let i = 0;
  while (i < chars.length) {
    let end = i;
    while (end < chars.length && isDigit(chars[end]!)) end += 1;
    const n = end - i;
    if (n > 0 && runInC(n, i === 0, end === chars.length)) {
      const odd = n % 2 === 1;
      if (odd && i > 0) {
        switchTo('B');
        values.push(codeB(chars[i]!));
        i += 1;
      }
      switchTo('C');
      const pairsEnd = odd && i === 0 ? end - 1 : end;
      for (; i < pairsEnd; i += 2) values.push(Number(chars[i]! + chars[i + 1]!));
      continue; // an odd digit left at the run's end is written in B below
    }
    switchTo('B');
    values.push(codeB(chars[i]!));
    i += 1;
  }
  return values;
}

/** The Code 128 symbol for `text`: printable ASCII (space to ~), at least one character. */
export function code128(text: string): Code128Symbol {
  if (text.length === 0) throw new Error('A barcode needs at least one character.');
  const bad = [...text].find((char) => char < ' ' || char > '~');
  if (bad !== undefined)
    throw new Error(`A Code 128 barcode here carries printable ASCII only, not "${bad}".`);
  const data = dataValues(text);
  // The check character: the start's value plus each character's value times its place.
  const check = data.reduce((sum, value, place) => sum + value * Math.max(1, place), 0) % 103;
  const values = [...data, check, CODE128.stop];
  const widths = values.flatMap((value) => [...CODE128_PATTERNS[value]!].map(Number));
  const symbolModules = widths.reduce((sum, width) => sum + width, 0);
  return { text, values, widths, totalModules: symbolModules + 2 * QUIET_ZONE_MODULES };
}

/** The bars to draw, in modules from the left edge of the left quiet zone. */
export function code128Bars(symbol: Code128Symbol): Array<{ x: number; width: number }> {
  const bars: Array<{ x: number; width: number }> = [];
  let x = QUIET_ZONE_MODULES;
  symbol.widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return bars;
}
