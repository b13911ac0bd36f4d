// The receipt papers (renderer/src/components/paper.tsx) as Chromium prints them, for
// receipts the counter cannot make yet in this test (discounts, returns, a void, a refund):
// the components are bundled with the till's own CSS into a page, printed to PDF at the
// roll's width and read back with pdftotext. The paper must say, word for word, what the
// till roll's golden text says (one wording, two layouts), fit the roll, and carry the
// receipt's number in its bars.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptRollLines, refundRollLines } from '../../domain/views/receipt-roll.js';
import { ROLL_COLUMNS } from '../../domain/views/till-roll.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import {
  axeViolations,
  chromiumAvailable,
  launchChromium,
  requireChromiumInCi,
} from '../helpers/browser.js';
import { repoRoot } from '../helpers/cli.js';
import { fitsTheRoll, printedText } from '../helpers/paper.js';
import { MIN_QUIET_ZONES, printedBarcode } from '../helpers/printed-barcode.js';
import { discounted, FORMAT, refund, voided } from '../helpers/receipt-fixtures.js';

const ARTIFACTS = artifactsFolder('receipt-paper');
requireChromiumInCi();

// Puts one paper in the print area, as the till does before it prints.
const ENTRY = `
import { h, render } from 'preact';
import { ReceiptPaper, RefundPaper } from './renderer/src/components/paper';
window.showPaper = (kind, value, width) =>
  render(h(kind === 'refund' ? RefundPaper : ReceiptPaper, { receipt: value, width, decimals: 2 }),
    document.querySelector('.print-area'));
`;

let browser: Browser | undefined;
let page: Page;

async function show(kind: 'receipt' | 'refund', value: unknown, width: '80mm' | '58mm') {
  const args = [kind, value, width].map((arg) => JSON.stringify(arg)).join(', ');
  await page.evaluate(`window.showPaper(${args})`);
}

/** axe-core's findings on the paper, shown on screen for it (hidden there otherwise). */
async function paperViolations(): Promise<string[]> {
  const display = (value: string) =>
    page.evaluate(`document.querySelector('.print-area').style.display = '${value}'`);
  await display('block');
  const found = await axeViolations(page);
  await display('');
  return found;
}

/** The roll's words, less its rules and *** marks (lines and weight on paper). */
const words = (lines: string[]) =>
  lines
    .filter((line) => !/^-+$/.test(line))
    .join(' ')
    .replace(/\*\*\* (\S+) \*\*\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

describe.skipIf(!chromiumAvailable)('receipt papers in Chromium (pdftotext)', () => {
  beforeAll(async () => {
    const bundle = await build({
      stdin: { contents: ENTRY, resolveDir: repoRoot, loader: 'ts' },
      bundle: true,
      write: false,
      format: 'iife',
      logLevel: 'silent',
    });
    const css = ['styles.css', 'print.css']
      .map((name) => readFileSync(join(repoRoot, 'renderer', 'src', name), 'utf8'))
      .join('\n');
    browser = await launchChromium();
    // The paper writes times in the browser's zone and money in its locale: the goldens'.
    const context = await browser.newContext({
      timezoneId: FORMAT.timeZone,
      locale: FORMAT.locale,
    });
    page = await context.newPage();
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Paper</title><style>${css}</style></head>` +
        `<body><main><h1 class="app">Receipt papers</h1><div class="print-area"></div></main></body></html>`,
    );
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  }, 60_000);

  afterAll(() => browser?.close());

  for (const width of ['80mm', '58mm'] as const) {
    it(`prints a discounted sale on ${width} as the roll says it, barcode and all`, async () => {
      await show('receipt', discounted, width);
      const text = await printedText(page, ARTIFACTS, `discount-${width}`, width);
      expect(text.trim()).toBe(words(receiptRollLines(discounted, ROLL_COLUMNS[width], FORMAT)));
      expect(await fitsTheRoll(page)).toBe(true);
      expect(await printedBarcode(page)).toEqual({
        label: 'Receipt barcode TSR42',
        crisp: true,
        text: 'TSR42',
        quietZones: MIN_QUIET_ZONES,
        withinPrintable: true,
      });
      expect(await paperViolations()).toEqual([]);
    });
  }

  it('prints VOID above and below a voided sale', async () => {
    await show('receipt', voided, '80mm');
    const text = await printedText(page, ARTIFACTS, 'void-80mm', '80mm');
    expect(text.trim()).toBe(words(receiptRollLines(voided, 48, FORMAT)));
    expect(text).toMatch(/^ ?Corner Grocer VOID .* TSR43 VOID $/);
    expect((await printedBarcode(page)).text).toBe('TSR43');
  });

  it('prints a refund receipt as the roll says it', async () => {
    await show('refund', refund, '58mm');
    const text = await printedText(page, ARTIFACTS, 'refund-58mm', '58mm');
    expect(text.trim()).toBe(words(refundRollLines(refund, 32, FORMAT)));
    expect(await fitsTheRoll(page)).toBe(true);
    expect(await paperViolations()).toEqual([]);
  });
});
