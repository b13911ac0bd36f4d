// What a page would print, read back as text: Chromium prints the page to PDF at the roll's
// width (only the print area shows on paper) and pdftotext (Debian's poppler-utils) reads it.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The page as printed on a roll of this width, as text; the PDF is kept in `folder`. */
export async function printedText(
  page: Page,
  folder: string,
  name: string,
  width: '80mm' | '58mm' = '80mm',
): Promise<string> {
  const file = join(folder, `${name}.pdf`);
  writeFileSync(file, await page.pdf({ width, height: '297mm' }));
  // One space for every run of white space: a line the roll wraps still reads as one.
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text, 'only the paper is printed, not the screen').not.toMatch(/Tillsync|Settings/);
  return text;
}

/** Nothing on the paper is wider than the roll (text would be cut off by the printer). */
export async function fitsTheRoll(page: Page): Promise<boolean> {
  await page.emulateMedia({ media: 'print' });
  const fits = await page.evaluate(`(() => {
    const paper = document.querySelector('.print-area .paper');
    return !!paper && [...paper.querySelectorAll('*')].every(
      (el) => el.getBoundingClientRect().right <= paper.getBoundingClientRect().right + 0.5);
  })()`);
  await page.emulateMedia({ media: null });
  return fits as boolean;
}
