// The report's files: the PDF read back by poppler (pdftotext, pdfinfo) says what the roll
// says, page by page; the same report gives the same bytes; the names and widths follow
// the till's settings.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportLines } from '../../domain/views/shift-report-view.js';
import { exportShiftReport } from '../../main/trading/report-export.js';
import { LINES_PER_PAGE, textPdf } from '../../main/trading/report-pdf.js';
import { zReport } from '../helpers/shift-report.js';
import { tempDir } from '../helpers/temp-dir.js';

/** What poppler reads in a PDF: its text, lines with runs of spaces made one, and its info. */
function readPdf(pdf: Buffer) {
  const file = join(tempDir(), 'report.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: 'pipe' });
  return {
    lines: text
      .split(/\n|\f/)
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean),
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
    title: /^Title:\s+(.*)$/m.exec(info)?.[1],
  };
}
const squeezed = (lines: string[]) =>
  lines.map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
const pdfOf = (file: { content: string; encoding: string }) => {
  expect(file.encoding).toBe('base64');
  return Buffer.from(file.content, 'base64');
};

describe('the report as a PDF', () => {
  it('holds the roll’s lines, in order, in Courier text poppler reads back', () => {
    const lines = reportLines(zReport(), 48, { timeZone: 'UTC' });
    const read = readPdf(textPdf(lines, 'Z REPORT 12'));
    const pages = Math.ceil(lines.length / LINES_PER_PAGE);
    expect(read.pages).toBe(pages);
    expect(read.title).toBe('Z REPORT 12');
    // Each page: its share of the lines, then its foot.
    const expected = Array.from({ length: pages }, (_, page) => [
      ...squeezed(lines.slice(page * LINES_PER_PAGE, (page + 1) * LINES_PER_PAGE)),
      `Z REPORT 12, page ${page + 1} of ${pages}`,
    ]).flat();
    expect(read.lines).toEqual(expected);
    expect(read.lines).toContain('2 × $50.00 = $100.00');
  });

  it('runs over as many pages as the lines need, each numbered', () => {
    const lines = Array.from({ length: 2 * LINES_PER_PAGE + 5 }, (_, i) => `line ${i + 1} (a\\b)`);
    const read = readPdf(textPdf(lines, 'X REPORT (shift still open)'));
    expect(read.pages).toBe(3);
    expect(read.lines.filter((line) => line.startsWith('line '))).toEqual(lines);
    expect(read.lines).toContain('X REPORT (shift still open), page 3 of 3');
  });

  it('gives the same bytes for the same report, with no date or id inside', () => {
    const file = () => pdfOf(exportShiftReport(zReport(), 'pdf', '80mm'));
    expect(file().equals(file())).toBe(true);
    expect(file().toString('latin1')).not.toMatch(/CreationDate|ModDate|\/ID/);
  });

  it('shows accents and the euro sign as they are', () => {
    const euros = zReport({ currency: 'EUR', shopName: 'Café Léon' });
    const read = readPdf(pdfOf(exportShiftReport(euros, 'pdf', '80mm')));
    expect(read.lines).toContain('Café Léon');
    expect(read.lines).toContain('Float €100.00');
  });

  it('spells a currency symbol Courier lacks as its code', () => {
    const rupees = zReport({ currency: 'INR' });
    expect(reportLines(rupees, 48).join('')).toContain('₹100.00');
    const read = readPdf(pdfOf(exportShiftReport(rupees, 'pdf', '80mm')));
    expect(read.lines).toContain('Float INR 100.00');
    expect(read.lines.join('\n')).not.toMatch(/[?₹]/);
  });
});

describe('exporting a shift report', () => {
  it('names the file after the Z number, or the X report’s day', () => {
    const z = exportShiftReport(zReport(), 'pdf', '80mm');
    expect(z).toMatchObject({ fileName: 'z-report-12.pdf', mimeType: 'application/pdf' });
    const x = zReport({
      kind: 'X',
      number: null,
      closedAt: null,
      madeAt: Date.UTC(2026, 10, 25, 12),
    });
    expect(exportShiftReport(x, 'csv', '80mm', { timeZone: 'UTC' })).toMatchObject({
      fileName: 'x-report-2026-11-25.csv',
      mimeType: 'text/csv;charset=utf-8',
      encoding: 'utf8',
    });
    expect(exportShiftReport(x, 'text', '80mm', { timeZone: 'UTC' }).fileName).toBe(
      'x-report-2026-11-25.txt',
    );
  });

  it('lays the text out for the till’s paper: 48 columns on 80 mm, 32 on 58 mm', () => {
    for (const [width, columns] of [
      ['80mm', 48],
      ['58mm', 32],
    ] as const) {
      const text = exportShiftReport(zReport(), 'text', width, { timeZone: 'UTC' });
      expect(text.content).toBe(
        reportLines(zReport(), columns, { timeZone: 'UTC' })
          .map((line) => `${line}\n`)
          .join(''),
      );
      const widest = Math.max(...text.content.split('\n').map((line) => [...line].length));
      expect(widest).toBe(columns);
      const pdf = readPdf(pdfOf(exportShiftReport(zReport(), 'pdf', width, { timeZone: 'UTC' })));
      expect(pdf.lines).toContain('Z REPORT 12, page 1 of 2');
      expect(pdf.lines).toContain('Sales 7 $345.50');
    }
  });

  it('starts the CSV with a byte order mark, so spreadsheets read it as UTF-8', () => {
    const csv = exportShiftReport(zReport(), 'csv', '80mm');
    expect(csv.content.startsWith('\uFEFFsection,what,count,amount,time,detail\r\n')).toBe(true);
  });
});
