// The code pages a printer profile holds and the number its "select character code table"
// command gives each (ESC t n; StarPRNT ESC GS t n), read from the encoder itself by encoding
// a probe in every page: its tables are private, and reading its own output means the till
// and the test decoder cannot disagree with what the encoder sends.
//
// Text is split into runs per code page here rather than by the encoder's automatic mode,
// which takes the first page that lists a character at all, even at a control position:
// "•" is BEL (0x07) in CP437 and "§" is NAK (0x15). Here a character is only ever sent as a
// printable byte (0x20 and up, not DEL); one that no page of the profile has is sent as "?"
// (a space, a typographic quote or dash as its plain ASCII self).
import CodepageEncoder, { type Codepage } from '@point-of-sale/codepage-encoder';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { printerProfile, type PrinterProfileId } from '../../domain/printer-profiles.js';

export interface ProfileCodepage {
  name: Codepage;
  /** n in ESC t n. */
  number: number;
  /** Unicode code point by byte (U+FFFD where the page has nothing). */
  codepoints: readonly number[];
  /** Byte by code point: the first byte the encoder would send, when it is printable. */
  printable: ReadonlyMap<number, number>;
}

/** The bytes that select a code page, before its number, by command language. */
export const SELECT_CODEPAGE = {
  'esc-pos': [0x1b, 0x74],
  'star-prnt': [0x1b, 0x1d, 0x74],
  'star-line': [0x1b, 0x1d, 0x74],
} as const;

export const REPLACEMENT = '?';
const DEL = 0x7f;
const isPrintableByte = (byte: number) => byte >= 0x20 && byte !== DEL;

/** The number the encoder selects `name` by on this profile, or null when it has no such page. */
function selectNumber(profile: PrinterProfileId, name: Codepage): number | null {
  const encoder = new ReceiptPrinterEncoder({ printerModel: profile });
  try {
    encoder.initialize().codepage(name);
  } catch {
    return null; // "Codepage not supported by printer"
  }
  const bytes = [...encoder.text('A').encode()];
  const select = SELECT_CODEPAGE[printerProfile(profile).language];
  for (let i = 0; i + select.length < bytes.length; i++)
    if (select.every((byte, k) => bytes[i + k] === byte)) return bytes[i + select.length]!;
  throw new Error(`The encoder selected ${name} on ${profile} without a code page command.`);
}

function page(name: Codepage, number: number): ProfileCodepage {
  const codepoints = CodepageEncoder.getEncoding(name).codepoints;
  const printable = new Map<number, number>();
  const seen = new Set<number>();
  codepoints.forEach((codepoint, byte) => {
    // The encoder sends a character's first byte in the page; only a printable one will do.
    if (seen.has(codepoint)) return;
    seen.add(codepoint);
    if (isPrintableByte(byte) && codepoint !== 0xfffd) printable.set(codepoint, byte);
  });
  return { name, number, codepoints, printable };
}

const cache = new Map<PrinterProfileId, readonly ProfileCodepage[]>();

/** The profile's code pages by their number, as the encoder chooses among them (lowest first). */
export function profileCodepages(profile: PrinterProfileId): readonly ProfileCodepage[] {
  let pages = cache.get(profile);
  if (!pages) {
    const found: ProfileCodepage[] = [];
    for (const name of CodepageEncoder.getEncodings()) {
      const number = selectNumber(profile, name);
      if (number !== null) found.push(page(name, number));
    }
    pages = found.sort((a, b) => a.number - b.number);
    cache.set(profile, pages);
  }
  return pages;
}

export interface CodepageRun {
  codepage: Codepage;
  text: string;
}

const isControl = (char: string) => /\p{Cc}/u.test(char);

/**
 * What a character prints as when no page has it: a space for any space (Intl's narrow
 * no-break space in "10,00 €"), plain quotes and a hyphen for typographic ones, "?" else.
 */
function standIn(char: string): string {
  if (/\p{Zs}/u.test(char)) return ' ';
  if (/[\u2018\u2019\u201a\u201b\u2032]/u.test(char)) return "'";
  if (/[\u201c\u201d\u201e\u201f\u2033]/u.test(char)) return '"';
  if (/[\u2010-\u2015\u2212]/u.test(char)) return '-';
  return REPLACEMENT;
}

/**
 * `text` as runs of characters each printable in one page: the current page while it has the
 * next character (fewer switches), else the first that has it; a stand-in where none does.
 */
export function codepageRuns(
  text: string,
  pages: readonly ProfileCodepage[],
  current: Codepage | null = null,
): CodepageRun[] {
  const runs: CodepageRun[] = [];
  const byName = new Map(pages.map((one) => [one.name, one]));
  let now = current === null ? undefined : byName.get(current);
  for (const char of text.normalize('NFC')) {
    const printable = (one: ProfileCodepage | undefined, printed: string) =>
      one !== undefined && !isControl(printed) && one.printable.has(printed.codePointAt(0)!);
    let printed = char;
    const has = (one: ProfileCodepage | undefined) => printable(one, printed);
    let next = has(now) ? now : pages.find(has);
    if (!next) {
      printed = standIn(char);
      next = has(now) ? now : pages.find(has);
      if (!next) throw new Error(`No code page of this printer has "${printed}".`);
    }
    const last = runs.at(-1);
    if (last && next === now) last.text += printed;
    else runs.push({ codepage: next.name, text: printed });
    now = next;
  }
  return runs;
}

/** Whether the printer prints every character of `text` as itself. */
export const printsAsIs = (text: string, profile: PrinterProfileId) =>
  codepageRuns(text, profileCodepages(profile))
    .map((run) => run.text)
    .join('') === text.normalize('NFC');
