// A decoder of ESC/POS byte streams for tests: what a receipt printer would print (its text
// lines, in the code page each ESC t selected), where it cuts, the barcodes it draws, the
// drawer pulses it sends and the status it is asked for. Every command it does not know goes
// to `unknown`, so a test can assert a job holds nothing a printer would misread.
// The code page numbers come from the encoder itself (main/printing/printer-codepages.ts
// reads the ESC t it sends for each page), so the decoder cannot drift from it.
import {
  profileColumns,
  printerProfile,
  type PrinterProfileId,
} from '../../domain/printer-profiles.js';
import type { ReceiptWidth } from '../../domain/sale-states.js';
import { profileCodepages } from '../../main/printing/printer-codepages.js';

export interface LineLook {
  bold: boolean;
  invert: boolean;
  /** The widest and tallest characters on the line (1 normal, 2 double). */
  width: number;
  height: number;
}

export interface DecodedPrint {
  /** The paper's width in characters of font A. */
  columns: number;
  lines: string[];
  /** How each line is printed, by its characters other than spaces. */
  looks: LineLook[];
  cuts: number;
  barcodes: string[];
  pulses: Array<{ pin: 0 | 1; onMs: number; offMs: number }>;
  statusQueries: number[];
  unknown: string[];
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;
const LF = 0x0a;
const CR = 0x0d;
const hex = (byte: number | undefined) =>
  byte === undefined ? 'end' : `0x${byte.toString(16).padStart(2, '0')}`;

/** Arguments to skip after ESC x and GS x: styling and settings that print nothing. */
// prettier-ignore
const ESC_ARGS: Record<string, number> = {
  '-': 1, '4': 1, 'M': 1, '2': 0, '3': 1, 'V': 1, '{': 1, 'R': 1, ' ': 1, '$': 2,
  'c': 2, 'r': 1, 'U': 1, 'T': 1, 'B': 2, '=': 1, 'L': 0, 'S': 0, 'W': 8,
};
// prettier-ignore
const GS_ARGS: Record<string, number> = {
  'L': 2, 'W': 2, 'a': 1, 'r': 1, 'I': 1, 'P': 2, 'b': 1, 'f': 1, '$': 2, '\\': 2,
};

/** Code 128 data in ESC/POS notation ("{B", "{C" pick the set; in C a byte is two digits). */
function code128Text(data: number[]): string {
  let set = 'B';
  let text = '';
  for (let i = 0; i < data.length; i++) {
    if (data[i] === 0x7b && i + 1 < data.length) {
      const next = String.fromCharCode(data[++i]!);
      if ('ABC'.includes(next)) set = next;
      else if (next === '{') text += '{';
      continue; // {S (shift) and {1 to {4 (FNC) carry no text
    }
    text += set === 'C' ? String(data[i]).padStart(2, '0') : String.fromCharCode(data[i]!);
  }
  return text;
}

/** What the printer prints for `bytes`, on the profile's paper (its own or 58 mm). */
export function decodeEscPos(
  input: Uint8Array,
  profile: PrinterProfileId,
  width: ReceiptWidth = '80mm',
): DecodedPrint {
  if (printerProfile(profile).language !== 'esc-pos')
    throw new Error(`${profile} speaks ${printerProfile(profile).language}, not ESC/POS.`);
  const bytes = [...input];
  const columns = profileColumns(profile, width);
  const pages = profileCodepages(profile);
  const out: DecodedPrint = {
    columns,
    lines: [],
    looks: [],
    cuts: 0,
    barcodes: [],
    pulses: [],
    statusQueries: [],
    unknown: [],
  };
  const initial = () => ({
    page: pages.find((one) => one.number === 0),
    bold: false,
    invert: false,
    width: 1,
    height: 1,
    align: 0,
    hri: 0,
  });
  let state = initial();
  let line = { text: '', cells: 0, look: { bold: false, invert: false, width: 1, height: 1 } };

  const pad = (text: string, cells: number) => {
    const room = Math.max(0, columns - cells);
    const left = state.align === 1 ? Math.floor(room / 2) : state.align === 2 ? room : 0;
    return ' '.repeat(left) + text;
  };
  function endLine() {
    out.lines.push(pad(line.text, line.cells));
    out.looks.push(line.look);
    line = { text: '', cells: 0, look: { bold: false, invert: false, width: 1, height: 1 } };
  }
  function print(byte: number) {
    const codepoint = state.page?.codepoints[byte] ?? 0xfffd;
    const char = String.fromCodePoint(codepoint);
    line.text += char;
    line.cells += state.width;
    if (char !== ' ')
      line.look = {
        bold: line.look.bold || state.bold,
        invert: line.look.invert || state.invert,
        width: Math.max(line.look.width, state.width),
        height: Math.max(line.look.height, state.height),
      };
  }
  function barcode(symbology: number, data: number[]) {
    if (line.text !== '') endLine(); // a barcode starts a line of its own
    const text = symbology === 73 ? code128Text(data) : String.fromCharCode(...data);
    out.barcodes.push(text);
    const hri = { text: pad(text, text.length), look: { ...line.look } };
    if (state.hri === 1 || state.hri === 3 || state.hri === 49 || state.hri === 51) {
      out.lines.push(hri.text);
      out.looks.push(hri.look);
    }
    if (state.hri === 2 || state.hri === 3 || state.hri === 50 || state.hri === 51) {
      out.lines.push(hri.text);
      out.looks.push(hri.look);
    }
  }

  let i = 0;
  const take = () => bytes[i++];
  const skip = (n: number) => {
    i += n;
  };
  while (i < bytes.length) {
    const byte = take()!;
    if (byte === LF) endLine();
    else if (byte === CR) continue;
    else if (byte >= 0x20) print(byte);
    else if (byte === ESC) {
      const command = take();
      const name = command === undefined ? '' : String.fromCharCode(command);
      if (name === '@') state = initial();
      else if (name === 't') {
        const number = take();
        state.page = pages.find((one) => one.number === number);
        if (!state.page) out.unknown.push(`ESC t ${number} (no such code page on ${profile})`);
      } else if (name === '!') {
        const mode = take() ?? 0;
        state.bold = (mode & 0x08) !== 0;
        state.height = mode & 0x10 ? 2 : 1;
        state.width = mode & 0x20 ? 2 : 1;
      } else if (name === 'E' || name === 'G') state.bold = ((take() ?? 0) & 1) === 1;
      else if (name === 'a') state.align = (take() ?? 0) % 48;
      else if (name === 'd') {
        const feed = take() ?? 0;
        for (let n = 0; n < Math.max(1, feed); n++) endLine();
      } else if (name === 'J') {
        skip(1);
        if (line.text !== '') endLine();
      } else if (name === 'p') {
        const pin = take()! % 48;
        const on = take() ?? 0;
        const off = take() ?? 0;
        if (pin === 0 || pin === 1) out.pulses.push({ pin, onMs: on * 2, offMs: off * 2 });
        else out.unknown.push(`ESC p ${pin}`);
      } else if (name === 'i' || name === 'm') out.cuts += 1;
      else if (name === '*') {
        const mode = take() ?? 0;
        const dots = (take() ?? 0) + (take() ?? 0) * 256;
        skip(dots * (mode >= 32 ? 3 : 1));
      } else if (name in ESC_ARGS) skip(ESC_ARGS[name]!);
      else out.unknown.push(`ESC ${hex(command)}`);
    } else if (byte === GS) {
      const command = take();
      const name = command === undefined ? '' : String.fromCharCode(command);
      if (name === '!') {
        const size = take() ?? 0;
        state.width = ((size >> 4) & 7) + 1;
        state.height = (size & 7) + 1;
      } else if (name === 'B') state.invert = ((take() ?? 0) & 1) === 1;
      else if (name === 'V') {
        const mode = take() ?? 0;
        if (mode >= 65) skip(1);
        out.cuts += 1;
      } else if (name === 'H') state.hri = take() ?? 0;
      else if (name === 'h' || name === 'w') skip(1);
      else if (name === 'k') {
        const symbology = take() ?? 0;
        if (symbology <= 6) {
          const end = bytes.indexOf(0, i);
          const stop = end === -1 ? bytes.length : end;
          barcode(symbology, bytes.slice(i, stop));
          i = stop + 1;
        } else {
          const length = take() ?? 0;
          barcode(symbology, bytes.slice(i, i + length));
          skip(length);
        }
      } else if (name === '(') {
        skip(1); // the function (k: QR code, L: graphics, E: settings ...)
        const length = (take() ?? 0) + (take() ?? 0) * 256;
        skip(length);
      } else if (name === 'v' && bytes[i] === 0x30) {
        skip(2); // '0' and the mode
        const widthBytes = (take() ?? 0) + (take() ?? 0) * 256;
        const rows = (take() ?? 0) + (take() ?? 0) * 256;
        skip(widthBytes * rows);
      } else if (name === '8' && bytes[i] === 0x4c) {
        skip(1);
        const length = [0, 1, 2, 3].reduce((sum, k) => sum + (take() ?? 0) * 256 ** k, 0);
        skip(length);
      } else if (name in GS_ARGS) skip(GS_ARGS[name]!);
      else out.unknown.push(`GS ${hex(command)}`);
    } else if (byte === FS) {
      const command = take();
      const name = command === undefined ? '' : String.fromCharCode(command);
      if (name === '.' || name === '&')
        continue; // Kanji mode off and on
      else if (name === 'C' || name === '!' || name === '-') skip(1);
      else out.unknown.push(`FS ${hex(command)}`);
    } else if (byte === DLE) {
      const command = take();
      if (command === 0x04) out.statusQueries.push(take() ?? 0);
      else if (command === 0x05) skip(1);
      else if (command === 0x14 && bytes[i] === 1) {
        // DLE DC4 1 m t: a real-time pulse of t × 100 ms on and off.
        skip(1);
        const pin = take()! % 48;
        const time = (take() ?? 0) * 100;
        if (pin === 0 || pin === 1) out.pulses.push({ pin, onMs: time, offMs: time });
        else out.unknown.push(`DLE DC4 1 ${pin}`);
      } else out.unknown.push(`DLE ${hex(command)}`);
    } else out.unknown.push(`byte ${hex(byte)}`);
  }
  // Text never fed out stays in the printer's buffer, unprinted: a job that ends so is wrong.
  if (line.text !== '') out.unknown.push(`text without a line feed: "${line.text}"`);
  return out;
}

/**
 * The lines as the till roll's text (receipt-roll.ts) has them, to compare with it: a double
 * width line centred as if it were single width (the printer centres it by its printed
 * width), and the last `feed` lines (the feed before the cut) left out.
 */
export function rollText(decoded: DecodedPrint, feed: number): string[] {
  const lines = decoded.lines.map((line, i) => {
    if (decoded.looks[i]!.width === 1) return line;
    const text = line.trim();
    return ' '.repeat(Math.floor((decoded.columns - [...text].length) / 2)) + text;
  });
  return lines.slice(0, lines.length - feed);
}
