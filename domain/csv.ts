// CSV that spreadsheets open correctly: RFC 4180 quoting, CRLF line ends, and a UTF-8 byte
// order mark so Excel reads accents and other scripts as UTF-8.

export const CSV_BOM = '\uFEFF';

/** A cell that is a number or a date: written as it is. */
export interface RawCell {
  raw: string;
}
export type Cell = string | number | null | RawCell;

// A text cell starting with one of these would run as a formula when the file is opened
// (CSV injection, OWASP): it is prefixed with an apostrophe so it stays text.
const FORMULA_START = /^[=+\-@\t\r]/;

function text(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'object') return cell.raw;
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function quoted(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export const csvRow = (cells: Cell[]) => cells.map((cell) => quoted(text(cell))).join(',') + '\r\n';
