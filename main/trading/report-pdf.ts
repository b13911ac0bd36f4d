// A small PDF writer for the shift reports: pages of monospace text, the same lines the till
// roll prints. Courier is one of the PDF's standard fonts, so nothing is embedded, and the
// file holds no date, id or anything random: the same lines give the same bytes, so a Z
// report downloaded again a year later is the same file.
//
// The pages are A4: the PDF is the back office's copy (filed, mailed to the accountant,
// printed on an office printer, where A4 is the paper at hand); the till's own printer
// prints the text. A 48-column line of 10 pt Courier is 288 pt wide, well inside the page.

const PAGE = { width: 595, height: 842 };
const MARGIN = 56; // about 20 mm
const FONT_SIZE = 10;
const LEADING = 12;
/** Lines per page: from the top margin down to the bottom one. */
export const LINES_PER_PAGE = Math.floor((PAGE.height - 2 * MARGIN) / LEADING);

// Courier's encoding here is WinAnsi (Windows-1252): Latin-1, and these at 0x80-0x9F
// (a space where it has none;
// a space itself never gets here).
const WIN_ANSI_80_9F = '€ ‚ƒ„…†‡ˆ‰Š‹Œ Ž  ‘’“”•–—˜™š›œ žŸ';
// The spaces and minus sign some locales put in amounts.
const LOOK_ALIKES: Record<string, number> = { '\u202f': 0x20, '\u2009': 0x20, '\u2212': 0x2d };

/** A character's WinAnsi byte, or undefined when Courier cannot show it. */
function winAnsi(char: string): number | undefined {
  const code = char.codePointAt(0)!;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  const high = WIN_ANSI_80_9F.indexOf(char);
  return high >= 0 ? 0x80 + high : LOOK_ALIKES[char];
}

/** Whether every character of the lines prints as itself in the PDF. */
export const printsInPdf = (lines: readonly string[]) =>
  lines.every((line) => [...line].every((char) => winAnsi(char) !== undefined));

/** A PDF string literal: bytes outside plain ASCII, and \ ( ), escaped; "?" for the unknown. */
function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const byte = winAnsi(char) ?? 0x3f;
    if (byte === 0x5c || byte === 0x28 || byte === 0x29) out += `\\${char}`;
    else if (byte >= 0x20 && byte <= 0x7e) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

function pageContent(lines: readonly string[], footer: string): string {
  const top = PAGE.height - MARGIN;
  const text = lines.map((line, index) => `${index === 0 ? '' : 'T* '}${pdfString(line)} Tj`);
  return [
    `BT /F1 ${FONT_SIZE} Tf ${LEADING} TL ${MARGIN} ${top} Td`,
    ...text,
    'ET',
    `BT /F1 8 Tf ${MARGIN} ${MARGIN / 2} Td ${pdfString(footer)} Tj ET`,
    '',
  ].join('\n');
}

/** The lines as a PDF of A4 pages of Courier; each page's foot says "title, page n of N". */
export function textPdf(lines: readonly string[], title: string): Buffer {
  const pages: string[][] = [];
  for (let at = 0; at < Math.max(lines.length, 1); at += LINES_PER_PAGE)
    pages.push(lines.slice(at, at + LINES_PER_PAGE));

  // Objects 1-4 are fixed; then each page and its content stream.
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${5 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(title)} /Producer (Tillsync) >>`,
  ];
  pages.forEach((page, index) => {
    const content = pageContent(page, `${title}, page ${index + 1} of ${pages.length}`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
        `/Resources << /Font << /F1 3 0 R >> >> /Contents ${6 + 2 * index} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    );
  });

  // Every string above is one byte per character (latin1): offsets are string lengths.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
